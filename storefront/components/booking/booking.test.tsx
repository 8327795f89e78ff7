// @vitest-environment jsdom
/**
 * The booking flow and the manage page in a browser-like DOM, against a scripted api (fetch): what a client sees
 * and what is sent for each answer the api can give.
 */
import { type ManagedAppointment, textConsentWording } from '@barberly/common';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBookingView } from '../../lib/booking-view';
import { buildShopView } from '../../lib/shop-view';
import { shopPage } from '../../test/fixtures';
import { BookingFlow } from './booking-flow';
import { BookingLayout } from './booking-layout';
import { ManageAppointment } from './manage-appointment';

// Two shared cores: give the DOM a few seconds before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const NOW = new Date('2026-11-20T15:00:00Z');
/** Joe's in New York, urban; `shop` overrides the record the api sends (text reminders, for one). */
function joes(shop: Record<string, unknown> = {}) {
  const page = shopPage('joes', { theme: 'urban', name: "Joe's", shop: { timeZone: 'America/New_York', ...shop } });
  const built = buildShopView(page, {
    now: NOW,
    canonicalUrl: 'http://joes.localhost/',
    homeUrl: '/',
    bookUrl: '/book',
  });
  if (built.kind !== 'ok') throw new Error('fixture incomplete');
  return { view: built.view, booking: buildBookingView(page, built.view, { now: NOW, base: '' }) };
}
const { view, booking } = joes();

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let calls: Call[] = [];
type Handler = (call: Call) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let handler: Handler;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = await handler(call);
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slots = (...labels: string[]) => ({
  date: '2026-11-23',
  timeZone: 'America/New_York',
  // New York is UTC-5 in November: '9:00 AM' starts at 14:00Z.
  slots: labels.map((label) => ({
    start: `2026-11-23T${Number.parseInt(label, 10) + 5}:00:00.000Z`,
    label,
    barberIds: ['brb-1'],
  })),
});

function booked() {
  return {
    id: 'a1',
    status: 'confirmed',
    start: '2026-11-23T14:00:00.000Z',
    end: '2026-11-23T14:45:00.000Z',
    localDate: '2026-11-23',
    localTime: '9:00 AM',
    service: { id: 'svc-1', name: 'Skin Fade', durationMinutes: 45, price: 40 },
    barber: { id: 'brb-1', name: 'Marco Polo', profileImageUrl: '' },
    shop: {
      id: 'id-joes',
      slug: 'joes',
      name: "Joe's",
      address: '1 Test Street',
      phoneNumber: '(555) 010-2030',
      timeZone: 'America/New_York',
    },
    client: { name: 'Ann Lee', email: 'ann@example.com', phone: '555 123 4567' },
    note: '',
    source: 'online',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    manageToken: 'tok_123',
    manageUrl: 'http://localhost/shop/joes/appointments/tok_123',
  };
}

function renderFlow(preselect = { serviceId: 'svc-1', barberId: 'brb-1' }, shop = { view, booking }) {
  return render(
    <BookingLayout view={shop.view} shopHref="/" title="Book Now">
      <BookingFlow view={shop.view} booking={shop.booking} preselect={preselect} />
    </BookingLayout>,
  );
}

/** From the time step to the details step, filled in: a day, a time, valid details. */
async function chooseAndType(user: ReturnType<typeof userEvent.setup>, time = '9:00 AM') {
  await user.selectOptions(screen.getByLabelText('Date'), '2026-11-23');
  await user.click(await screen.findByRole('radio', { name: time }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByLabelText('Name'), 'Ann Lee');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Phone'), '555 123 4567');
}

/** From the time step to the review step. */
async function chooseAndFill(user: ReturnType<typeof userEvent.setup>, time = '9:00 AM') {
  await chooseAndType(user, time);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('BookingFlow: a EUR shop in fr-FR on a 24-hour clock (issue 13)', () => {
  const paris = joes({ currency: 'EUR', locale: 'fr-FR', clock: '24h' });

  it("writes prices in euros the shop's way and times on its 24-hour clock, through to the confirmation", async () => {
    handler = (call) => {
      if (call.method === 'GET') {
        const afternoon = { start: '2026-11-23T19:00:00.000Z', label: '2:00 PM', barberIds: ['brb-1'] };
        return { status: 200, body: { ...slots('9:00 AM'), slots: [...slots('9:00 AM').slots, afternoon] } };
      }
      // The api's label stays en-US; the page writes the start instant on the shop's clock.
      return { status: 201, body: { ...booked(), start: '2026-11-23T19:00:00.000Z', localTime: '2:00 PM' } };
    };
    const user = userEvent.setup();
    renderFlow({ serviceId: '', barberId: 'brb-1' }, paris);
    expect(screen.getByRole('radio', { name: /Skin Fade/ }).closest('label')?.textContent).toContain('40\u00a0€');
    expect(screen.getByRole('radio', { name: /Royal Shave/ }).closest('label')?.textContent).toContain('32,50\u00a0€');
    await user.click(screen.getByRole('radio', { name: /Skin Fade/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.querySelector('[data-booking-summary] dd')?.textContent).toBe('Skin Fade · 45 min · 40\u00a0€');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.selectOptions(screen.getByLabelText('Date'), '2026-11-23');
    // 19:00Z is 14:00 in New York.
    expect(await screen.findByRole('radio', { name: '09:00' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '14:00' }));
    expect(screen.queryByRole('radio', { name: '2:00 PM' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone'), '555 123 4567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.querySelectorAll('[data-booking-summary] dd')[2]?.textContent).toBe(
      'Monday, November 23, 2026, 14:00',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ start: '2026-11-23T19:00:00.000Z' });
    const done = [...document.querySelectorAll('[data-booking-step="done"] dd')].map((d) => d.textContent);
    expect(done).toContain('Skin Fade (45 min, 40\u00a0€)');
    expect(done).toContain('14:00 (Eastern Standard Time (America/New_York))');
  });
});

describe('BookingFlow', () => {
  it("checks the details with common's messages before anything is sent", async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow();
    await user.selectOptions(screen.getByLabelText('Date'), '2026-11-23');
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your details' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Please enter a phone number we can reach you on')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('books once with one Idempotency-Key when Confirm is clicked twice, and shows the confirmation', async () => {
    let release: () => void = () => {};
    handler = (call) => {
      if (call.method === 'GET') return { status: 200, body: slots('9:00 AM', '10:00 AM') };
      return new Promise((resolve) => {
        release = () => resolve({ status: 201, body: booked() });
      });
    };
    const user = userEvent.setup();
    renderFlow();
    await chooseAndFill(user);
    const confirm = screen.getByRole('button', { name: 'Confirm booking' });
    await user.click(confirm);
    await user.click(confirm);
    // The booking is sent once the form has checked itself (async): answer it only after it went out.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    release();
    const heading = await screen.findByRole('heading', { name: "You're booked!" });
    expect(document.activeElement).toBe(heading);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/shops/joes/appointments');
    expect(posts[0]?.headers['idempotency-key']).toMatch(/^bk-[0-9a-f]{32}$/);
    expect(posts[0]?.body).toEqual({
      serviceId: 'svc-1',
      barberId: 'brb-1',
      start: '2026-11-23T14:00:00.000Z',
      client: { name: 'Ann Lee', email: 'ann@example.com', phone: '555 123 4567' },
      note: '',
    });
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/appointments/manage/tok_123/calendar.ics',
    );
    expect(screen.getByRole('link', { name: /\/appointments\/tok_123$/ }).getAttribute('href')).toBe(
      '/appointments/tok_123',
    );
  });

  it('retries a lost answer with the same Idempotency-Key', async () => {
    let attempt = 0;
    handler = (call) => {
      if (call.method === 'GET') return { status: 200, body: slots('9:00 AM') };
      attempt += 1;
      return attempt === 1 ? { status: 0, body: null } : { status: 201, body: booked() };
    };
    const user = userEvent.setup();
    renderFlow();
    await chooseAndFill(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      "We couldn't reach the shop. Please check your connection and try again.",
    );
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("on 409 says so in the api's words, asks for fresh times and keeps the details", async () => {
    let taken = false;
    handler = (call) => {
      if (call.method === 'GET') return { status: 200, body: taken ? slots('10:00 AM') : slots('9:00 AM', '10:00 AM') };
      taken = true;
      return {
        status: 409,
        body: {
          error: { code: 'slot_taken', message: 'Sorry, that time was just booked. Please choose another time.' },
        },
      };
    };
    const user = userEvent.setup();
    renderFlow();
    await chooseAndFill(user);
    const getsBefore = calls.filter((c) => c.method === 'GET').length;
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const heading = await screen.findByRole('heading', { name: 'Pick a date and time' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('alert').textContent).toBe('Sorry, that time was just booked. Please choose another time.');
    await screen.findByRole('radio', { name: '10:00 AM' });
    expect(screen.queryByRole('radio', { name: '9:00 AM' })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(getsBefore);
    await user.click(screen.getByRole('radio', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann Lee');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('asks for times of any barber when none was chosen', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow({ serviceId: 'svc-1', barberId: null as unknown as string });
    expect(screen.getByRole('radio', { name: /Any barber/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('radio', { name: '9:00 AM' });
    expect(calls.at(-1)?.url).toMatch(
      /^\/api\/shops\/joes\/availability\?serviceId=svc-1&barberId=any&date=\d{4}-\d{2}-\d{2}$/,
    );
  });
});

describe('BookingFlow: how the client wants reminders', () => {
  const SMS_CONSENT =
    "I agree to receive appointment text messages from Joe's at this number: confirmations and reminders. " +
    'Message and data rates may apply. Reply STOP to opt out, HELP for help.';
  const texting = () => joes({ smsEnabled: true, whatsappEnabled: true });
  const answer = (reminderChannel: string) => (call: Call) =>
    call.method === 'GET'
      ? { status: 200, body: slots('9:00 AM') }
      : { status: 201, body: { ...booked(), reminderChannel } };
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);

  it('offers e-mail, SMS and WhatsApp with SMS chosen, and books SMS only once the client agrees', async () => {
    handler = answer('sms');
    const user = userEvent.setup();
    renderFlow(undefined, texting());
    await chooseAndType(user);
    const group = screen.getByRole('group', { name: 'How should we remind you?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['E-mail', 'Text message (SMS)', 'WhatsApp']);
    expect(within(group).getByRole('radio', { name: 'Text message (SMS)' })).toHaveProperty('checked', true);
    const consent = within(group).getByRole('checkbox', { name: SMS_CONSENT });
    expect(consent).toHaveProperty('checked', false);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const error = screen.getByText('Agree to receive texts, or choose e-mail');
    expect(consent.getAttribute('aria-describedby')).toBe(error.id);
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(consent);
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();

    await user.click(consent);
    expect(screen.queryByText('Agree to receive texts, or choose e-mail')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Text message (SMS)')).toBeTruthy();
    expect(posted()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posted()).toHaveLength(1);
    expect(posted()[0]?.reminders).toEqual({ channel: 'sms', consent: true });
    expect(screen.getByText("We'll text reminders to 555 123 4567.")).toBeTruthy();
  });

  it('books WhatsApp reminders when the client picks WhatsApp and agrees to its wording', async () => {
    handler = answer('whatsapp');
    const user = userEvent.setup();
    renderFlow(undefined, texting());
    await chooseAndType(user);
    await user.click(screen.getByRole('checkbox', { name: SMS_CONSENT }));
    await user.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    // Agreeing to texts is not agreeing to WhatsApp: the box asks again, in WhatsApp's words.
    const consent = screen.getByRole('checkbox', { name: textConsentWording("Joe's", 'whatsapp') });
    expect(consent).toHaveProperty('checked', false);
    expect(screen.queryByRole('checkbox', { name: SMS_CONSENT })).toBeNull();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posted()[0]?.reminders).toEqual({ channel: 'whatsapp', consent: true });
    expect(screen.getByText("We'll send reminders on WhatsApp to 555 123 4567.")).toBeTruthy();
  });

  it('books e-mail reminders without a consent box when the client picks e-mail', async () => {
    handler = answer('email');
    const user = userEvent.setup();
    renderFlow(undefined, joes({ smsEnabled: true }));
    await chooseAndType(user);
    expect(screen.getAllByRole('radio', { name: /E-mail|Text message|WhatsApp/ })).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posted()[0]?.reminders).toEqual({ channel: 'email', consent: false });
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.queryByText(/reminders (to|on)/)).toBeNull();
  });

  it('chooses e-mail first for a shop with WhatsApp only', async () => {
    handler = answer('email');
    const user = userEvent.setup();
    renderFlow(undefined, joes({ whatsappEnabled: true }));
    await chooseAndType(user);
    expect(screen.getByRole('radio', { name: 'E-mail' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toHaveProperty('checked', false);
    expect(screen.queryByRole('radio', { name: 'Text message (SMS)' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks nothing and sends no reminders for a shop without text messages', async () => {
    handler = answer('email');
    const user = userEvent.setup();
    renderFlow(undefined, joes({ smsEnabled: false, whatsappEnabled: false }));
    await chooseAndType(user);
    expect(screen.queryByRole('group', { name: 'How should we remind you?' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'E-mail' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText('Reminders')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posted()).toHaveLength(1);
    expect(posted()[0]).not.toHaveProperty('reminders');
  });

  it("shows the api's reminder messages beside the choice", async () => {
    handler = (call) =>
      call.method === 'GET'
        ? { status: 200, body: slots('9:00 AM') }
        : {
            status: 400,
            body: {
              error: {
                code: 'validation_failed',
                message: 'Check the highlighted fields',
                fields: { 'reminders.channel': 'This shop no longer sends WhatsApp messages' },
              },
            },
          };
    const user = userEvent.setup();
    renderFlow(undefined, texting());
    await chooseAndType(user);
    await user.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const heading = await screen.findByRole('heading', { name: 'Your details' });
    expect(document.activeElement).toBe(heading);
    const group = screen.getByRole('group', { name: 'How should we remind you?' });
    const message = within(group).getByText('This shop no longer sends WhatsApp messages');
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    expect(screen.queryByText('This shop no longer sends WhatsApp messages')).toBeNull();
  });
});

function managed(overrides: Partial<ManagedAppointment> = {}): ManagedAppointment {
  const { manageToken: _t, manageUrl: _u, ...rest } = booked();
  return {
    ...(rest as unknown as ManagedAppointment),
    canChange: true,
    cutoffAt: '2026-11-23T12:00:00.000Z',
    calendarUrl: 'http://localhost/api/appointments/manage/tok_123/calendar.ics',
    ...overrides,
  };
}

function renderManage() {
  return render(
    <BookingLayout view={view} shopHref="/" title="Manage your appointment">
      <ManageAppointment view={view} booking={booking} token="tok_123" />
    </BookingLayout>,
  );
}

describe('ManageAppointment', () => {
  it('shows the appointment and cancels it after a confirmation', async () => {
    handler = (call) =>
      call.method === 'POST'
        ? { status: 200, body: managed({ status: 'cancelled', canChange: false }) }
        : { status: 200, body: managed() };
    const user = userEvent.setup();
    renderManage();
    expect(screen.getByText('Loading your appointment…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Your appointment' });
    expect(screen.getByText('Monday, November 23, 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Cancel this appointment?' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeTruthy());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/appointments/manage/tok_123/cancel' });
    expect(screen.getAllByText('Your appointment is cancelled.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/book');
  });

  it("after the cutoff explains why it can't be changed and gives the shop's phone", async () => {
    handler = () => ({ status: 200, body: managed({ canChange: false }) });
    renderManage();
    await screen.findByRole('heading', { name: 'Your appointment' });
    expect(
      screen.getByText("Appointments can't be changed online less than 2 hr before they start. Please call the shop."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call (555) 010-2030' }).getAttribute('href')).toBe('tel:5550102030');
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
  });

  it('moves the appointment to a new time, and on 409 shows the message and fresh times', async () => {
    let moves = 0;
    handler = (call) => {
      if (call.url.includes('/availability'))
        return { status: 200, body: moves === 0 ? slots('9:00 AM', '11:00 AM') : slots('11:00 AM') };
      if (call.method === 'POST') {
        moves += 1;
        if (moves === 1) {
          return {
            status: 409,
            body: {
              error: { code: 'slot_taken', message: 'Sorry, that time was just booked. Please choose another time.' },
            },
          };
        }
        return { status: 200, body: managed({ localTime: '11:00 AM', start: '2026-11-23T16:00:00.000Z' }) };
      }
      return { status: 200, body: managed() };
    };
    const user = userEvent.setup();
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pick a new date and time' }));
    await user.selectOptions(screen.getByLabelText('Date'), '2026-11-23');
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Move to 9:00 AM' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, that time was just booked. Please choose another time.',
    );
    await waitFor(() => expect(screen.queryByRole('radio', { name: '9:00 AM' })).toBeNull());
    await user.click(screen.getByRole('radio', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Move to 11:00 AM' }));
    await screen.findAllByText('Your appointment was moved to Monday, November 23, 2026, 11:00 AM.');
    const post = calls.filter((c) => c.method === 'POST').at(-1);
    expect(post).toMatchObject({
      url: '/api/appointments/manage/tok_123/reschedule',
      body: { start: '2026-11-23T16:00:00.000Z', barberId: 'brb-1' },
    });
    expect(within(document.body).getByText('11:00 AM')).toBeTruthy();
  });

  it("does not show another shop's appointment under this shop's address", async () => {
    handler = () => ({ status: 200, body: managed({ shop: { ...managed().shop, slug: 'elsewhere' } }) });
    renderManage();
    expect(await screen.findByRole('heading', { name: 'Appointment not found' })).toBeTruthy();
    expect(screen.queryByText('Marco Polo')).toBeNull();
  });

  it("says 'Appointment not found' for an unknown link", async () => {
    handler = () => ({ status: 404, body: { error: { code: 'not_found', message: 'Appointment not found' } } });
    renderManage();
    expect(await screen.findByRole('heading', { name: 'Appointment not found' })).toBeTruthy();
  });
});
