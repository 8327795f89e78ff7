import type { Barber, Service, Shop } from '@barberly/common';
import { VISIT_MESSAGES } from '@barberly/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { barberServicesLabel, barberServicesRequest } from './barber-services-dialog';
import { BarbersTab } from './barbers-tab';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const SHOP = { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', currency: 'USD', locale: 'en-US', clock: '12h' } as Shop;
const service = (id: string, name: string, price: number, durationMinutes: number): Service => ({
  id,
  shopId: SHOP_ID,
  name,
  description: '',
  price,
  durationMinutes,
});
const CUT = service('44444444-4444-4444-8444-444444444444', 'Skin Fade', 30, 45);
const BEARD = service('55555555-5555-4555-8555-555555555555', 'Beard Trim', 15, 20);
const SHAVE = service('66666666-6666-4666-8666-666666666666', 'Hot Towel Shave', 25, 30);
const SERVICES = [CUT, BEARD, SHAVE];
const SAM: Barber = {
  id: '22222222-2222-4222-8222-222222222222',
  shopId: SHOP_ID,
  name: 'Sam Fade',
  bio: '',
  profileImageUrl: '',
};
const ALEX: Barber = {
  id: '33333333-3333-4333-8333-333333333333',
  shopId: SHOP_ID,
  name: 'Alex Clip',
  bio: '',
  profileImageUrl: '',
  offersAllServices: false,
  services: [{ serviceId: CUT.id, durationMinutes: null, price: null }],
};

describe('barberServicesLabel', () => {
  it("says 'All services' by default and counts a subset against the shop's services", () => {
    expect(barberServicesLabel(SAM, SERVICES)).toBe('All services');
    expect(barberServicesLabel(ALEX, SERVICES)).toBe('1 of 3 services');
    expect(
      barberServicesLabel(
        { offersAllServices: false, services: [{ serviceId: 'gone', durationMinutes: null, price: null }] },
        SERVICES,
      ),
    ).toBe('0 of 3 services');
  });
});

describe('barberServicesRequest', () => {
  const rows = (over: Record<string, { offered?: boolean; duration?: string; price?: string }> = {}) =>
    Object.fromEntries(SERVICES.map((s) => [s.id, { offered: true, duration: '', price: '', ...over[s.id] }]));

  it('doing every service sends only the services with an own duration or price', () => {
    expect(barberServicesRequest(true, rows({ [BEARD.id]: { price: '18' } }), SERVICES)).toEqual({
      input: { offersAllServices: true, services: [{ serviceId: BEARD.id, durationMinutes: null, price: 18 }] },
    });
  });

  it("refuses an empty subset and overrides outside the rules, in VISIT_MESSAGES' words", () => {
    const none = barberServicesRequest(
      false,
      rows({ [CUT.id]: { offered: false }, [BEARD.id]: { offered: false }, [SHAVE.id]: { offered: false } }),
      SERVICES,
    );
    expect(none).toEqual({ errors: { form: VISIT_MESSAGES.services, rows: {} } });
    const bad = barberServicesRequest(true, rows({ [CUT.id]: { duration: '3', price: '-1' } }), SERVICES);
    expect(bad).toEqual({
      errors: {
        rows: { [CUT.id]: { duration: VISIT_MESSAGES.overrideDuration, price: VISIT_MESSAGES.overridePrice } },
      },
    });
  });
});

describe('BarbersTab services (issue 14)', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  function setUp() {
    const api = fakeApi(
      on('GET', '/api/my/shops', [SHOP]),
      on('GET', `/api/shops/${SHOP_ID}/services`, SERVICES),
      on('GET', `/api/shops/${SHOP_ID}/barbers`, [SAM, ALEX]),
      on('GET', `/api/shops/${SHOP_ID}/join-code`, { code: 'ABCD1234' }),
      on('PUT', new RegExp(`/api/shops/${SHOP_ID}/barbers/.+/services$`), (r) => ({ ...SAM, ...(r.body as object) })),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<BarbersTab shop={SHOP} barbers={[SAM, ALEX]} loading={false} />);
    return api;
  }

  it("shows each barber's services on the card", async () => {
    setUp();
    const [sam, alex] = within(screen.getByRole('list', { name: 'Barbers' })).getAllByRole('listitem');
    expect(sam).toHaveTextContent('All services');
    await waitFor(() => expect(alex).toHaveTextContent('1 of 3 services'));
  });

  it("saves a subset with an own duration, the shop's values as placeholders", async () => {
    const api = setUp();
    await screen.findByText('1 of 3 services');
    await userEvent.click(screen.getByRole('button', { name: 'Services for Sam Fade' }));
    const dialog = screen.getByRole('dialog', { name: 'Services of Sam Fade' });
    const all = within(dialog).getByRole('switch', { name: 'Does every service' });
    expect(all).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Beard Trim/ })).toBeDisabled();
    await userEvent.click(all);
    expect(all).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Hot Towel Shave/ }));
    const cut = within(dialog).getByRole('group', { name: 'Skin Fade' });
    const duration = within(cut).getByLabelText('Own duration (min)');
    expect(duration).toHaveAttribute('placeholder', '45');
    expect(within(cut).getByLabelText('Own price ($)')).toHaveAttribute('placeholder', '30');
    await userEvent.type(duration, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Services' }));
    expect(await within(dialog).findByText(VISIT_MESSAGES.overrideDuration)).toBeInTheDocument();
    expect(api.sent('PUT', /services$/)).toHaveLength(0);

    await userEvent.clear(duration);
    await userEvent.type(duration, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Services' }));
    await waitFor(() => expect(api.sent('PUT', /services$/)).toHaveLength(1));
    const put = api.sent('PUT', /services$/)[0]!;
    expect(put.url).toBe(`/api/shops/${SHOP_ID}/barbers/${SAM.id}/services`);
    expect(put.body).toEqual({
      offersAllServices: false,
      services: [
        { serviceId: CUT.id, durationMinutes: 40, price: null },
        { serviceId: BEARD.id, durationMinutes: null, price: null },
      ],
    });
    expect(await screen.findByText('Services saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
