import type { Service } from '@barberly/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { ServicesTab } from './services-tab';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const CUT: Service = {
  id: '44444444-4444-4444-8444-444444444444',
  shopId: SHOP_ID,
  name: 'Skin Fade',
  description: '',
  price: 30,
  durationMinutes: 45,
  bufferMinutes: 10,
};

describe('ServicesTab buffers (issue 14)', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the buffer on the card and sends the changed buffer with the service', async () => {
    const api = fakeApi(
      on('GET', '/api/my/shops', []),
      on('PATCH', `/api/shops/${SHOP_ID}/services/${CUT.id}`, (r) => ({ ...CUT, ...(r.body as object) })),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<ServicesTab shopId={SHOP_ID} services={[CUT]} loading={false} />);
    const card = screen.getByRole('listitem');
    expect(card).toHaveTextContent('45 minutes + 10 min buffer');

    await userEvent.click(within(card).getByRole('button', { name: 'Edit Skin Fade' }));
    const buffer = screen.getByLabelText('Buffer after (minutes)');
    expect(buffer).toHaveValue(10);
    await userEvent.clear(buffer);
    await userEvent.type(buffer, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.sent('PATCH', `/api/shops/${SHOP_ID}/services/${CUT.id}`)).toHaveLength(1));
    expect(api.sent('PATCH', `/api/shops/${SHOP_ID}/services/${CUT.id}`)[0]!.body).toEqual({
      name: 'Skin Fade',
      description: '',
      price: 30,
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
  });
});

describe('ServicesTab packages (issue 28)', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('notes a package that costs less than the same services booked apart', () => {
    const api = fakeApi(on('GET', '/api/my/shops', []));
    vi.stubGlobal('fetch', api.fetchMock);
    const of = (id: string, name: string, price: number): Service => ({ ...CUT, id, name, price, bufferMinutes: 0 });
    renderWithApi(
      <ServicesTab
        shopId={SHOP_ID}
        services={[of('h', 'Haircut', 35), of('b', 'Beard Trim', 20), of('c', 'Haircut + Beard', 50)]}
        loading={false}
      />,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards[2]).toHaveTextContent('Save $5.00: Haircut and Beard Trim booked apart cost $55.00.');
    expect(cards[0]).not.toHaveTextContent('Save');
  });
});
