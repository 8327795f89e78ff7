import type { Shop } from '@barberly/common';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { useMyShops } from '../../../lib/shop-queries';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { BookingSettingsCard, BookingSettingsForm, settingsOf, visitSwitchesOf } from './booking-settings-card';

vi.setConfig({ testTimeout: 20_000 });

describe('BookingSettingsForm', () => {
  it("uses the api's defaults for a shop that has none yet", () => {
    expect(settingsOf({})).toEqual({ minNoticeMinutes: 60, cancellationCutoffMinutes: 120, reminderLeadMinutes: 1440 });
  });

  it('refuses minutes outside 0 to a week, then submits whole numbers', async () => {
    const onSubmit = vi.fn();
    render(<BookingSettingsForm initial={settingsOf({})} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const notice = screen.getByLabelText('Minimum notice (minutes)');
    await userEvent.clear(notice);
    await userEvent.type(notice, '20000');
    await userEvent.clear(screen.getByLabelText('Cancellation cutoff (minutes)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Minimum notice must be whole minutes from 0 to 10080')).toBeInTheDocument();
    expect(screen.getByText('Cancellation cutoff must be whole minutes from 0 to 10080')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(notice);
    await userEvent.type(notice, '30');
    await userEvent.type(screen.getByLabelText('Cancellation cutoff (minutes)'), '0');
    await userEvent.clear(screen.getByLabelText('Reminder (minutes before)'));
    await userEvent.type(screen.getByLabelText('Reminder (minutes before)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toEqual({
        minNoticeMinutes: 30,
        cancellationCutoffMinutes: 0,
        reminderLeadMinutes: 0,
      }),
    );
  });
});

describe('BookingSettingsCard switches (issue 14)', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());
  const SHOP = { id: '11111111-1111-4111-8111-111111111111', slug: 'fade-co', name: 'Fade Co' } as Shop;

  it("uses the api's defaults for a shop that has none yet: repeat off, waitlist on", () => {
    expect(visitSwitchesOf({})).toEqual({ clientsMayRepeat: false, waitlistEnabled: true, barbersBookAnyChair: false });
  });

  it('saves each switch on its own with PATCH /api/shops/{id}', async () => {
    let shop: Shop = { ...SHOP, clientsMayRepeat: false, waitlistEnabled: true };
    const api = fakeApi(
      on('GET', '/api/my/shops', () => [shop]),
      on('PATCH', `/api/shops/${SHOP.id}`, (r) => {
        shop = { ...shop, ...(r.body as Partial<Shop>) };
        return shop;
      }),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    // As on the dashboard: the card shows the shop from the list, which the PATCH's answer updates.
    function Harness() {
      const current = useMyShops().data?.[0];
      return current ? <BookingSettingsCard shop={current} /> : null;
    }
    renderWithApi(<Harness />);
    const repeat = await screen.findByRole('switch', { name: 'Clients can book repeat appointments online' });
    const waitlist = screen.getByRole('switch', { name: 'Offer a waitlist on full days' });
    expect(repeat).not.toBeChecked();
    expect(waitlist).toBeChecked();

    await userEvent.click(repeat);
    await waitFor(() => expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)).toHaveLength(1));
    expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)[0]!.body).toEqual({ clientsMayRepeat: true });
    expect(await screen.findByText('Shop updated')).toBeInTheDocument();
    await waitFor(() => expect(repeat).toBeChecked());
    await waitFor(() => expect(waitlist).toBeEnabled());

    await userEvent.click(waitlist);
    await waitFor(() => expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)).toHaveLength(2));
    expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)[1]!.body).toEqual({ waitlistEnabled: false });

    // Issue 25: barbers book only their own chair until the owner lets them book for the whole team.
    const team = screen.getByRole('switch', { name: 'Barbers can book for the whole team' });
    expect(team).not.toBeChecked();
    await waitFor(() => expect(team).toBeEnabled());
    await userEvent.click(team);
    await waitFor(() => expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)).toHaveLength(3));
    expect(api.sent('PATCH', `/api/shops/${SHOP.id}`)[2]!.body).toEqual({ barbersBookAnyChair: true });
    await waitFor(() => expect(team).toBeChecked());
  });
});
