import type { Appointment, Barber, Hours, Service, ShopAgenda } from '@barberly/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { CalendarTab } from './calendar-tab';

vi.setConfig({ testTimeout: 30_000 });
// The grid is a few hundred buttons: on a busy machine its first render can take more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const ZONE = 'America/New_York';
const SAM = { id: '22222222-2222-4222-8222-222222222222', name: 'Sam Fade', profileImageUrl: '' };
const ALEX = { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip', profileImageUrl: '' };
const BARBERS: Barber[] = [SAM, ALEX].map((b) => ({ ...b, shopId: SHOP_ID, bio: '' }));
const CUT: Service = {
  id: '44444444-4444-4444-8444-444444444444',
  shopId: SHOP_ID,
  name: 'Skin Fade',
  description: '',
  price: 30,
  durationMinutes: 45,
};
const day = { open: '09:00', close: '18:00', closed: false };
const HOURS: Hours = {
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
};

/** Jordan with Sam, Sunday May 10 2026 9:00-9:45 AM in New York, 15 minutes' cleanup after. */
const JORDAN: Appointment = {
  id: 'a1',
  status: 'confirmed',
  start: '2026-05-10T13:00:00.000Z',
  end: '2026-05-10T13:45:00.000Z',
  localDate: '2026-05-10',
  localTime: '9:00 AM',
  service: { id: CUT.id, name: CUT.name, durationMinutes: 45, price: 30 },
  items: [{ serviceId: CUT.id, name: CUT.name, durationMinutes: 45, price: 30 }],
  bufferMinutes: 15,
  barber: SAM,
  shop: { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', address: '', phoneNumber: '', timeZone: ZONE },
  client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
  note: '',
  source: 'online',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

const agenda = (appointments: Appointment[], date = '2026-05-10'): ShopAgenda => ({
  date,
  timeZone: ZONE,
  appointments,
  barbers: [SAM, ALEX].map((barber) => ({
    barber,
    appointments: appointments.filter((a) => a.barber.id === barber.id),
  })),
});

/** 8:00 AM in New York on Sunday 2026-05-10. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-10T12:00:00Z'));
  setTokenSource(async () => 'token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const BEARD: Service = { ...CUT, id: '55555555-5555-4555-8555-555555555555', name: 'Beard Trim', durationMinutes: 15 };

function setUp(
  answers: {
    book?: { status: number; body: unknown };
    move?: { status: number; body: unknown };
    services?: { status: number; body: unknown };
  } = {},
  services: Service[] = [CUT],
) {
  const api = fakeApi(
    on('GET', '/api/my/shops', [
      { id: SHOP_ID, slug: 'fade-co', name: 'Fade Co', timeZone: ZONE, hours_json: HOURS, currency: 'USD' },
    ]),
    on('GET', `/api/shops/${SHOP_ID}/appointments`, agenda([JORDAN])),
    on('GET', `/api/shops/${SHOP_ID}/appointments?date=2026-05-10`, agenda([JORDAN])),
    on('GET', /\/appointments\?date=/, agenda([], '2026-05-11')),
    on('GET', `/api/shops/${SHOP_ID}/series?status=active`, []),
    on('GET', `/api/shops/${SHOP_ID}/barbers/${ALEX.id}/settings`, {
      barberId: ALEX.id,
      hours_json: null,
      email: null,
      userId: null,
      timeOff: [{ id: 't1', start: '2026-05-10T18:00:00.000Z', end: '2026-05-10T19:00:00.000Z', reason: 'Dentist' }],
    }),
    on('POST', `/api/shops/${SHOP_ID}/barbers/${SAM.id}/time-off`, (r) => ({ id: 't2', ...(r.body as object) }), 201),
    (r) => (r.method === 'DELETE' && r.url.endsWith('/time-off/t1') ? { status: 204 } : undefined),
    on('GET', `/api/shops/${SHOP_ID}/waitlist?date=2026-05-10`, []),
    on(
      'POST',
      `/api/shops/${SHOP_ID}/bookings`,
      (answers.book?.body as object) ?? { ...JORDAN, id: 'b1', client: { name: 'Pat Phone', email: '', phone: '' } },
      answers.book?.status ?? 201,
    ),
    on(
      'POST',
      `/api/shops/${SHOP_ID}/appointments/a1/services`,
      (answers.services?.body as object) ?? JORDAN,
      answers.services?.status ?? 200,
    ),
    on(
      'POST',
      `/api/shops/${SHOP_ID}/appointments/a1/move`,
      (answers.move?.body as object) ?? { ...JORDAN, start: '2026-05-10T15:00:00.000Z', localTime: '11:00 AM' },
      answers.move?.status ?? 200,
    ),
  );
  vi.stubGlobal('fetch', api.fetchMock);
  renderWithApi(<CalendarTab shopId={SHOP_ID} services={services} barbers={BARBERS} />);
  return api;
}

describe('the calendar grid', () => {
  it('names every free 15-minute time with the barber, and every block with time, client, service and status', async () => {
    setUp();
    const block = await screen.findByRole('button', {
      name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed',
    });
    expect(block).toHaveTextContent('Confirmed');
    const sam = screen.getByRole('region', { name: 'Sam Fade' });
    // Jordan's visit and its cleanup (to 10:00) are not free; 10:00 is.
    expect(within(sam).queryByRole('button', { name: 'Book 9:00 AM with Sam Fade' })).toBeNull();
    expect(within(sam).queryByRole('button', { name: 'Book 9:45 AM with Sam Fade' })).toBeNull();
    expect(within(sam).getByRole('button', { name: 'Book 10:00 AM with Sam Fade' })).toBeInTheDocument();
    const alex = screen.getByRole('region', { name: 'Alex Clip' });
    expect(within(alex).getByRole('button', { name: 'Book 9:00 AM with Alex Clip' })).toBeInTheDocument();
    // 9 to 6 in quarter hours less his hour off (2 to 3 PM): 32 free times for Alex, each a button a keyboard reaches.
    await within(alex).findByRole('button', { name: /^Time off 2:00 PM/ });
    expect(within(alex).getAllByRole('button', { name: /^Book .* with Alex Clip$/ })).toHaveLength(32);
    // Phones show one barber at a time, switched by a control naming the barber.
    expect(screen.getByRole('combobox', { name: 'Barber' })).toHaveDisplayValue('Sam Fade');
  });

  it('shows one barber’s week, each free time naming its day', async () => {
    setUp();
    await screen.findByRole('button', { name: /Jordan Lee/ });
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Barber' }), 'Alex Clip');
    // The week of Monday May 4: only Sunday May 10 is still ahead.
    expect(
      await screen.findByRole('button', { name: 'Book Sunday, May 10 9:00 AM with Alex Clip' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book Saturday, May 9/ })).toBeNull();
    expect(screen.getByRole('heading', { name: /Week of Monday, May 4 · Alex Clip/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(
      await screen.findByRole('button', { name: 'Book Monday, May 11 9:00 AM with Alex Clip' }),
    ).toBeInTheDocument();
  });

  it('opens the waitlist and series in a side panel from the toolbar', async () => {
    setUp();
    const toggle = await screen.findByRole('button', { name: 'Waitlist and series' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary', { name: 'Waitlist and series' })).toBeInTheDocument();
  });
});

describe('New appointment', () => {
  it('books a new client for the free time chosen, with the barber’s service, and says a refusal in words', async () => {
    const api = setUp({
      book: {
        status: 409,
        body: {
          error: {
            code: 'slot_taken',
            message: 'Alex Clip already has Ann Early from 10:00 AM to 10:30 AM. Choose another time or barber.',
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book 10:00 AM with Alex Clip' }));
    const dialog = screen.getByRole('dialog', { name: 'New appointment' });
    expect(within(dialog).getByLabelText('Barber')).toHaveDisplayValue('Alex Clip');
    expect(within(dialog).getByLabelText('Time')).toHaveDisplayValue('10:00 AM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(within(dialog).getByText('Please enter the client’s name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one service.')).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/bookings`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Pat Phone');
    await userEvent.type(within(dialog).getByLabelText('Phone (optional)'), '(212) 555-0142');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Skin Fade/ }));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Called in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(
      await within(dialog).findByText(
        'Alex Clip already has Ann Early from 10:00 AM to 10:30 AM. Choose another time or barber.',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/bookings`)[0]!.body).toEqual({
      serviceIds: [CUT.id],
      barberId: ALEX.id,
      start: '2026-05-10T14:00:00.000Z',
      client: { name: 'Pat Phone', phone: '(212) 555-0142', email: '' },
      note: 'Called in',
      notify: true,
    });
  });

  it('books again for the same client and services, and closes once booked', async () => {
    const api = setUp();
    await userEvent.click(
      await screen.findByRole('button', { name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book again' }));
    const dialog = screen.getByRole('dialog', { name: 'New appointment' });
    expect(within(dialog).getByRole('checkbox', { name: /Skin Fade/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'New client' }));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Jordan Lee');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Send the client a confirmation/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New appointment' })).toBeNull());
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/bookings`)[0]!.body).toMatchObject({
      serviceIds: [CUT.id],
      barberId: SAM.id,
      // Four weeks on, same time.
      start: '2026-06-07T13:00:00.000Z',
      notify: false,
    });
    expect(await screen.findByText('Appointment booked')).toBeInTheDocument();
  });
});

describe('Move without a mouse', () => {
  it('opens the block with the keyboard and moves it with the time picker; a taken time says why', async () => {
    const api = setUp({
      move: {
        status: 409,
        body: {
          error: {
            code: 'slot_taken',
            message: 'Sam Fade already has Quinn Busy from 11:00 AM to 11:30 AM. Choose another time or barber.',
          },
        },
      },
    });
    const block = await screen.findByRole('button', { name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed' });
    block.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    const form = within(dialog).getByRole('form', { name: 'Move appointment' });
    expect(within(form).getByLabelText('New time')).toHaveDisplayValue('9:00 AM');
    await userEvent.selectOptions(within(form).getByLabelText('New time'), '11:00 AM');
    within(form).getByRole('button', { name: 'Move appointment' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(
      await within(form).findByText(
        'Sam Fade already has Quinn Busy from 11:00 AM to 11:30 AM. Choose another time or barber.',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/appointments/a1/move`)[0]!.body).toEqual({
      start: '2026-05-10T15:00:00.000Z',
    });
    // To another barber at the same time: the barber is sent too.
    await userEvent.selectOptions(within(form).getByLabelText('Barber'), 'Alex Clip');
    await userEvent.click(within(form).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(api.sent('POST', `/api/shops/${SHOP_ID}/appointments/a1/move`)).toHaveLength(2));
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/appointments/a1/move`)[1]!.body).toEqual({
      start: '2026-05-10T15:00:00.000Z',
      barberId: ALEX.id,
    });
  });
});

describe('Change services', () => {
  it('sends the visit’s new services and says a refusal in words', async () => {
    const message = 'Sam Fade already has Quinn Busy from 9:45 AM to 10:15 AM. Choose another time or barber.';
    const api = setUp({ services: { status: 409, body: { error: { code: 'slot_taken', message } } } }, [CUT, BEARD]);
    await userEvent.click(
      await screen.findByRole('button', { name: '9:00 AM to 9:45 AM, Jordan Lee, Skin Fade, Confirmed' }),
    );
    const form = within(screen.getByRole('dialog')).getByRole('form', { name: 'Change services' });
    expect(within(form).getByRole('checkbox', { name: /Skin Fade/ })).toBeChecked();
    expect(within(form).getByRole('button', { name: /^Save services/ })).toBeDisabled();
    await userEvent.click(within(form).getByRole('checkbox', { name: /Beard Trim/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save services (1 hr)' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/appointments/a1/services`)[0]!.body).toEqual({
      serviceIds: [CUT.id, BEARD.id],
    });
  });
});

describe('Time off from the calendar', () => {
  it('blocks time for a barber, shows time off as a named block, and removes it', async () => {
    const api = setUp();
    // Alex's time off, 2 to 3 PM: a block named with its times and reason; those rows are not bookable.
    const off = await screen.findByRole('button', { name: 'Time off 2:00 PM to 3:00 PM, Alex Clip: Dentist' });
    const alex = screen.getByRole('region', { name: 'Alex Clip' });
    expect(within(alex).queryByRole('button', { name: 'Book 2:30 PM with Alex Clip' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Block time' }));
    const dialog = screen.getByRole('dialog', { name: 'Block time off' });
    await userEvent.selectOptions(within(dialog).getByLabelText('From'), '12:00 PM');
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), '1:30 PM');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Lunch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block time for Sam Fade' }));
    await waitFor(() => expect(api.sent('POST', `/api/shops/${SHOP_ID}/barbers/${SAM.id}/time-off`)).toHaveLength(1));
    expect(api.sent('POST', `/api/shops/${SHOP_ID}/barbers/${SAM.id}/time-off`)[0]!.body).toEqual({
      start: '2026-05-10T16:00:00.000Z',
      end: '2026-05-10T17:30:00.000Z',
      reason: 'Lunch',
    });

    await userEvent.click(off);
    const existing = screen.getByRole('dialog', { name: 'Time off' });
    await userEvent.click(within(existing).getByRole('button', { name: 'Remove time off' }));
    await waitFor(() =>
      expect(api.sent('DELETE', `/api/shops/${SHOP_ID}/barbers/${ALEX.id}/time-off/t1`)).toHaveLength(1),
    );
  });
});
