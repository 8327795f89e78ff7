import type { Appointment, Shop, SpecialDay } from '@barberly/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../../test/fake-api.test-helper';
import { SpecialDaysCard } from './special-days-card';

vi.setConfig({ testTimeout: 20_000 });

const SHOP = { id: '11111111-1111-4111-8111-111111111111', slug: 'fade-co', name: 'Fade Co' } as Shop;
const BASE = `/api/shops/${SHOP.id}/special-days`;
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam' };

const christmas: SpecialDay = {
  date: '2026-12-25',
  barberId: null,
  closed: true,
  open: null,
  close: null,
  reason: 'Christmas Day',
};

const appointment = (id: string, localTime: string, name: string) =>
  ({
    id,
    localTime,
    client: { name, email: '', phone: '' },
    service: { name: 'Haircut' },
    barber: { name: 'Sam' },
  }) as Appointment;

describe('SpecialDaysCard', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the special days and removes one', async () => {
    let days: SpecialDay[] = [
      christmas,
      { date: '2026-12-24', barberId: SAM.id, closed: false, open: '10:00', close: '14:00', reason: '' },
    ];
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/barbers`, [SAM]),
      on('GET', BASE, () => ({ timeZone: 'UTC', from: '2026-12-01', to: '2027-12-01', specialDays: days })),
      on(
        'DELETE',
        `${BASE}/2026-12-25`,
        () => {
          days = days.filter((d) => d.date !== '2026-12-25');
          return null;
        },
        204,
      ),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<SpecialDaysCard shop={SHOP} />);
    const list = await screen.findByRole('list', { name: 'Special days' });
    expect(within(list).getByText('Friday, December 25 · Christmas Day')).toBeInTheDocument();
    expect(within(list).getByText('Closed · Whole shop')).toBeInTheDocument();
    expect(await within(list).findByText('10:00 AM - 2:00 PM · Sam')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Friday, December 25 (Whole shop)' }));
    await waitFor(() => expect(api.sent('DELETE', `${BASE}/2026-12-25`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Friday, December 25 · Christmas Day')).not.toBeInTheDocument());
  });

  it('shows the empty state, refuses hours that end before they start, and closes a day', async () => {
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/barbers`, [SAM]),
      on('GET', BASE, { timeZone: 'UTC', from: '2026-12-01', to: '2027-12-01', specialDays: [] }),
      on('PUT', `${BASE}/2026-12-31`, (r) => ({
        specialDay: { date: '2026-12-31', barberId: null, closed: false, open: '10:00', close: '14:00', reason: '' },
        affected: [],
        cancelled: [],
        echo: r.body,
      })),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<SpecialDaysCard shop={SHOP} />);
    expect(await screen.findByText('No special days ahead. The week’s hours apply every day.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add special day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special day' });
    await userEvent.type(within(dialog).getByLabelText('Date'), '2026-12-31');
    await userEvent.click(within(dialog).getByLabelText('Open with other hours'));
    const closes = within(dialog).getByLabelText('Closes');
    await userEvent.clear(closes);
    await userEvent.type(closes, '09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(api.sent('PUT', `${BASE}/2026-12-31`)).toHaveLength(0);

    await userEvent.clear(closes);
    await userEvent.type(closes, '14:00');
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to clients)'), "New Year's Eve");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', `${BASE}/2026-12-31`)).toHaveLength(1));
    expect(api.sent('PUT', `${BASE}/2026-12-31`)[0]!.body).toEqual({
      open: '10:00',
      close: '14:00',
      reason: "New Year's Eve",
    });
    expect(await screen.findByText('Special day saved')).toBeInTheDocument();
  });

  it('closing a day with appointments lists them and cancels them with notice when asked', async () => {
    const affected = [appointment('a1', '9:00 AM', 'Client 1'), appointment('a2', '11:00 AM', 'Client 2')];
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/barbers`, [SAM]),
      on('GET', BASE, { timeZone: 'UTC', from: '2026-12-01', to: '2027-12-01', specialDays: [] }),
      on('PUT', `${BASE}/2026-12-03`, (r) =>
        (r.body as { cancelAffected?: boolean }).cancelAffected
          ? { specialDay: christmas, affected: [], cancelled: affected }
          : { specialDay: christmas, affected, cancelled: [] },
      ),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<SpecialDaysCard shop={SHOP} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add special day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special day' });
    await userEvent.type(within(dialog).getByLabelText('Date'), '2026-12-03');
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to clients)'), 'Family event');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const listed = await screen.findByRole('dialog', { name: 'Appointments on this day' });
    expect(within(listed).getByText('9:00 AM · Client 1')).toBeInTheDocument();
    expect(within(listed).getByText('11:00 AM · Client 2')).toBeInTheDocument();
    await userEvent.click(within(listed).getByRole('button', { name: 'Cancel them with notice' }));
    await waitFor(() => expect(api.sent('PUT', `${BASE}/2026-12-03`)).toHaveLength(2));
    expect(api.sent('PUT', `${BASE}/2026-12-03`)[1]!.body).toEqual({
      closed: true,
      reason: 'Family event',
      cancelAffected: true,
    });
    expect(await screen.findByText('2 clients told by e-mail')).toBeInTheDocument();
  });

  it('moves one affected appointment: shows a 409 in words, then the moved row leaves the list', async () => {
    const REX = { id: '33333333-3333-4333-8333-333333333333', name: 'Rex' };
    const at = (id: string, localTime: string, name: string, start: string) => ({
      ...appointment(id, localTime, name),
      start,
      localDate: '2026-12-03',
      barber: { id: SAM.id, name: 'Sam', profileImageUrl: '' },
    });
    const affected = [
      at('a1', '9:00 AM', 'Client 1', '2026-12-03T09:00:00Z'),
      at('a2', '11:00 AM', 'Client 2', '2026-12-03T11:00:00Z'),
    ];
    const MOVE = `/api/shops/${SHOP.id}/appointments/a1/move`;
    let tries = 0;
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/barbers`, [SAM, REX]),
      on('GET', BASE, { timeZone: 'UTC', from: '2026-12-01', to: '2027-12-01', specialDays: [] }),
      on('PUT', `${BASE}/2026-12-03`, (r) =>
        (r.body as { cancelAffected?: boolean }).cancelAffected
          ? { specialDay: christmas, affected: [], cancelled: [affected[1]] }
          : { specialDay: christmas, affected, cancelled: [] },
      ),
      (r) => {
        if (r.method !== 'POST' || r.url !== MOVE) return undefined;
        tries++;
        return tries === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'slot_taken',
                  message: 'Rex already has Ana from 10:00 AM to 10:30 AM. Choose another time or barber.',
                },
              },
            }
          : {
              status: 200,
              body: { ...affected[0], start: '2026-12-04T14:00:00Z', localDate: '2026-12-04', localTime: '2:00 PM' },
            };
      },
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<SpecialDaysCard shop={SHOP} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add special day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special day' });
    await userEvent.type(within(dialog).getByLabelText('Date'), '2026-12-03');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const listed = await screen.findByRole('dialog', { name: 'Appointments on this day' });
    await userEvent.click(within(listed).getByRole('button', { name: 'Move 9:00 AM · Client 1' }));
    const form = within(listed).getByRole('form', { name: 'Move Client 1’s appointment' });
    expect(within(form).getByLabelText('New date')).toHaveValue('2026-12-03');
    expect(within(form).getByLabelText('New time')).toHaveValue('09:00');
    const date = within(form).getByLabelText('New date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-04');
    const time = within(form).getByLabelText('New time');
    await userEvent.clear(time);
    await userEvent.type(time, '10:00');
    await userEvent.selectOptions(within(form).getByLabelText('Barber'), 'Rex');
    await userEvent.click(within(form).getByRole('button', { name: 'Move appointment' }));
    expect(
      await within(form).findByText('Rex already has Ana from 10:00 AM to 10:30 AM. Choose another time or barber.'),
    ).toBeInTheDocument();
    expect(api.sent('POST', MOVE)[0]!.body).toEqual({ start: '2026-12-04T10:00:00.000Z', barberId: REX.id });
    // Still listed after the refusal.
    expect(within(listed).getByText('9:00 AM · Client 1')).toBeInTheDocument();

    await userEvent.clear(time);
    await userEvent.type(time, '14:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(within(listed).queryByText('9:00 AM · Client 1')).not.toBeInTheDocument());
    expect(api.sent('POST', MOVE)[1]!.body).toEqual({ start: '2026-12-04T14:00:00.000Z', barberId: REX.id });
    expect(await screen.findByText('Appointment moved')).toBeInTheDocument();
    expect(within(listed).getByText('11:00 AM · Client 2')).toBeInTheDocument();

    // Closing the day with the one left still cancels it with notice.
    await userEvent.click(within(listed).getByRole('button', { name: 'Cancel them with notice' }));
    await waitFor(() => expect(api.sent('PUT', `${BASE}/2026-12-03`)).toHaveLength(2));
    expect(await screen.findByText('1 client told by e-mail')).toBeInTheDocument();
  });

  it('offers the public holidays with checkboxes and closes only the ones ticked', async () => {
    const api = fakeApi(
      on('GET', `/api/shops/${SHOP.id}/barbers`, []),
      on('GET', BASE, { timeZone: 'UTC', from: '2026-12-01', to: '2027-12-01', specialDays: [christmas] }),
      on('GET', `${BASE}/holiday-suggestions`, {
        country: 'US',
        from: '2026-12-01',
        to: '2027-11-30',
        holidays: [
          { date: '2026-12-25', name: 'Christmas Day', alreadySet: true },
          { date: '2027-01-01', name: "New Year's Day", alreadySet: false },
          { date: '2027-01-18', name: 'Martin Luther King Jr. Day', alreadySet: false },
        ],
      }),
      on('PUT', /\/special-days\/2027-/, (r) => ({ specialDay: r.body, affected: [], cancelled: [] })),
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<SpecialDaysCard shop={SHOP} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Public holidays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Public holidays' });
    const already = await within(dialog).findByRole('checkbox', { name: /Christmas Day \(already set\)/ });
    expect(already).toBeChecked();
    expect(already).toBeDisabled();
    // Nothing is closed before the owner confirms.
    expect(within(dialog).getByRole('button', { name: 'Close 0 days' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /New Year's Day/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close 1 day' }));
    await waitFor(() => expect(api.sent('PUT', /\/special-days\//)).toHaveLength(1));
    expect(api.sent('PUT', /\/special-days\//)[0]).toMatchObject({
      url: `${BASE}/2027-01-01`,
      body: { closed: true, reason: "New Year's Day" },
    });
    expect(await screen.findByText('Holidays closed')).toBeInTheDocument();
  });
});
