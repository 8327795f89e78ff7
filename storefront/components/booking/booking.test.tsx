// @vitest-environment jsdom
/**
 * The booking flow and the manage page in a browser-like DOM, against a scripted api (fetch): what a client sees
 * and what is sent for each answer the api can give.
 */
import { type HeldSlot, type ManagedAppointment, textConsentWording, VISIT_MESSAGES } from '@barberly/common';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBookingView } from '../../lib/booking-view';
import { buildShopView } from '../../lib/shop-view';
import { shopPage } from '../../test/fixtures';
import { BookingFlow } from './booking-flow';
import { BookingLayout } from './booking-layout';
import { HoldClaim } from './hold-claim';
import { ManageAppointment } from './manage-appointment';
import { WaitlistEntryPage } from './waitlist-entry';

// Two shared cores: give the DOM a few seconds before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const NOW = new Date('2026-11-20T15:00:00Z');
/** Joe's in New York, urban; `shop` overrides the record the api sends (text reminders, for one). */
function joes(shop: Record<string, unknown> = {}, extra: Parameters<typeof shopPage>[1] = {}) {
  const page = shopPage('joes', {
    theme: 'urban',
    name: "Joe's",
    ...extra,
    shop: { timeZone: 'America/New_York', ...shop },
  });
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
/** The date picker's GET /availability/days (issue 25), kept apart from `calls`. */
let dayCalls: Call[] = [];
let daysHandler: Handler;

/** Every day from `from` to `to` of a days query: the week's closed days closed, the others free. */
function openDays(call: Call, override: Record<string, Record<string, unknown>> = {}) {
  const query = new URL(call.url, 'http://x').searchParams;
  const days = [];
  for (let d = query.get('from') as string; d <= (query.get('to') as string); ) {
    const known = booking.days.find((b) => b.date === d);
    days.push({
      date: d,
      ...(known?.closed ? { free: false, closed: true, reason: 'Closed' } : { free: true }),
      ...override[d],
    });
    const next = new Date(`${d}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return { status: 200, body: { timeZone: 'America/New_York', from: query.get('from'), to: query.get('to'), days } };
}

/** Picks a day in the month calendar (its button, as a client clicks it). */
async function pickDay(user: ReturnType<typeof userEvent.setup>, date: string) {
  const button = await waitFor(() => {
    const found = document.querySelector<HTMLButtonElement>(`[data-day="${date}"] button`);
    if (!found || found.disabled) throw new Error(`no choosable day ${date}`);
    return found;
  });
  await user.click(button);
}

beforeEach(() => {
  calls = [];
  dayCalls = [];
  daysHandler = (call) => openDays(call);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    const isDays = url.includes('/availability/days');
    (isDays ? dayCalls : calls).push(call);
    const answer = await (isDays ? daysHandler : handler)(call);
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
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
  await pickDay(user, '2026-11-23');
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

describe("BookingFlow: the client's phone as the shop's country writes it (issue 28)", () => {
  it('shows the number typed as the review writes it: national for a US shop', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow();
    await chooseAndFill(user);
    const review = document.querySelector('[data-booking-step="review"]');
    expect(review?.textContent).toContain('(555) 123-4567');
  });
});

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
    expect(screen.getByRole('checkbox', { name: /Skin Fade/ }).closest('label')?.textContent).toContain('40\u00a0€');
    expect(screen.getByRole('checkbox', { name: /Royal Shave/ }).closest('label')?.textContent).toContain(
      '32,50\u00a0€',
    );
    await user.click(screen.getByRole('checkbox', { name: /Skin Fade/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.querySelector('[data-booking-summary] dd')?.textContent).toBe('Skin Fade · 45 min · 40\u00a0€');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await pickDay(user, '2026-11-23');
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
    await pickDay(user, '2026-11-23');
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
      serviceIds: ['svc-1'],
      barberId: 'brb-1',
      start: '2026-11-23T14:00:00.000Z',
      client: { name: 'Ann Lee', email: 'ann@example.com', phone: '555 123 4567' },
      note: '',
    });
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/appointments/manage/tok_123/calendar.ics',
    );
    // The manage link is a button named for what it does, not the raw token address (issue 28).
    const manage = screen.getByRole('link', { name: 'Manage your appointment' });
    expect(manage.getAttribute('href')).toBe('/appointments/tok_123');
    expect(screen.queryByText(/tok_123/)).toBeNull();
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
      /^\/api\/shops\/joes\/availability\?serviceIds=svc-1&barberId=any&date=\d{4}-\d{2}-\d{2}$/,
    );
  });
});

describe('BookingFlow: "Next available" while the client picks a time', () => {
  it('keeps the time picked while the search was still asking, when it lands on the day already shown', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM', '10:00 AM') });
    // The days answer waits: the search is still out when the client picks a time of the day already shown.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    daysHandler = async (call) => {
      await answered;
      return openDays(call);
    };
    const user = userEvent.setup();
    renderFlow();
    const nine = await screen.findByRole('radio', { name: '9:00 AM' });
    await user.click(screen.getByRole('button', { name: 'Next available' }));
    await user.click(nine);
    release();
    expect(await screen.findByText(/^Next available: /)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '9:00 AM' }).checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false);
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
    expect(screen.getByText("We'll text reminders to (555) 123-4567.")).toBeTruthy();
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
    expect(screen.getByText("We'll send reminders on WhatsApp to (555) 123-4567.")).toBeTruthy();
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

describe('disabled buttons say why (issue 28)', () => {
  it('gives the reason beside Continue until a service is chosen, and the button looks disabled', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    renderFlow({ serviceId: null, barberId: null } as never);
    const next = await screen.findByRole('button', { name: 'Continue' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(true));
    const why = document.getElementById(next.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Choose a service to continue.');
    expect(getComputedStyle(next).cursor).toBe('not-allowed');
  });
});

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
    // Said once, in the live region (issue 28): not a second copy beside it.
    expect(screen.getAllByText('Your appointment is cancelled.')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Your appointment is cancelled.');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/book');
  });

  it('shows an appointment read while rendering at once, without reading it again (issue 28)', () => {
    handler = () => ({ status: 500, body: {} });
    render(
      <BookingLayout view={view} shopHref="/" title="Manage your appointment">
        <ManageAppointment view={view} booking={booking} token="tok_123" initial={managed()} />
      </BookingLayout>,
    );
    expect(screen.getByRole('heading', { name: 'Your appointment' })).toBeTruthy();
    expect(document.querySelector('[data-appointment-status]')?.textContent).toBe('Confirmed');
    expect(screen.queryByText('Loading your appointment…')).toBeNull();
    expect(calls).toEqual([]);
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
    // It opens on the booked day (Monday the 23rd), not the first open day (today, the 20th).
    expect(document.querySelector('[data-day="2026-11-23"]')?.getAttribute('aria-selected')).toBe('true');
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Move to 9:00 AM' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, that time was just booked. Please choose another time.',
    );
    await waitFor(() => expect(screen.queryByRole('radio', { name: '9:00 AM' })).toBeNull());
    await user.click(screen.getByRole('radio', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Move to 11:00 AM' }));
    expect(
      await screen.findAllByText('Your appointment was moved to Monday, November 23, 2026, 11:00 AM.'),
    ).toHaveLength(1);
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

// ---- Issue 14: several services in one visit, who does what, the waitlist, series, the offer link -------------

/** Three services; Marco does all (his beard trim 25 min, $18), Ann only fades. */
function visitShop(shop: Record<string, unknown> = {}) {
  return joes(shop, {
    services: [
      { id: 'svc-1', shopId: 'id-joes', name: 'Skin Fade', description: '', price: 40, durationMinutes: 45 },
      { id: 'svc-2', shopId: 'id-joes', name: 'Royal Shave', description: '', price: 32.5, durationMinutes: 90 },
      {
        id: 'svc-3',
        shopId: 'id-joes',
        name: 'Beard Trim',
        description: '',
        price: 15,
        durationMinutes: 20,
        bufferMinutes: 10,
      },
    ],
    barbers: [
      {
        id: 'brb-1',
        shopId: 'id-joes',
        name: 'Marco Polo',
        bio: 'Fades and designs.',
        profileImageUrl: '',
        offersAllServices: true,
        services: [{ serviceId: 'svc-3', durationMinutes: 25, price: 18 }],
      },
      {
        id: 'brb-2',
        shopId: 'id-joes',
        name: 'Ann Shears',
        bio: '',
        profileImageUrl: '',
        offersAllServices: false,
        services: [{ serviceId: 'svc-1', durationMinutes: null, price: null }],
      },
    ],
  });
}

const noPreselect = { serviceId: null as unknown as string, barberId: null as unknown as string };
const posts = () => calls.filter((c) => c.method === 'POST');

describe('BookingFlow: several services in one visit (issue 14)', () => {
  it('books cut + beard as one visit: running total, only barbers who do both, serviceIds sent, items shown', async () => {
    handler = (call) =>
      call.method === 'GET'
        ? { status: 200, body: slots('9:00 AM') }
        : {
            status: 201,
            body: {
              ...booked(),
              service: { id: 'svc-1', name: 'Skin Fade + Beard Trim', durationMinutes: 70, price: 58 },
              items: [
                { serviceId: 'svc-1', name: 'Skin Fade', durationMinutes: 45, price: 40 },
                { serviceId: 'svc-3', name: 'Beard Trim', durationMinutes: 25, price: 18 },
              ],
            },
          };
    const user = userEvent.setup();
    renderFlow(noPreselect, visitShop());
    expect(screen.getByRole('heading', { name: 'Choose your services' })).toBeTruthy();
    const total = () => document.querySelector('[data-visit-total]')?.textContent;
    expect(total()).toBe('No service chosen yet.');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    // The buffer is the shop's business: never on the page.
    expect(document.body.textContent).not.toMatch(/buffer|10 min/i);

    await user.click(screen.getByRole('checkbox', { name: /Skin Fade/ }));
    // Keyboard: Tab to the next card, Space toggles it.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Beard Trim/ }));
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: /Beard Trim/ })).toHaveProperty('checked', true);
    expect(total()).toBe('Total: 1 hr 5 min · $55 (2 services)');
    // Announced politely as it changes.
    const region = document.querySelector('[data-visit-total]') as HTMLElement;
    expect(within(region).getByRole('status').textContent).toContain('1 hr 5 min');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const barbers = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(barbers).toEqual([
      'Any barberThe first barber free at your time',
      'Marco PoloFades and designs. · With Marco: 1 hr 10 min · $58',
    ]);
    expect(screen.getByText('Only the barbers who do all of these services.')).toBeTruthy();
    expect(document.querySelector('[data-booking-summary] dd')?.textContent).toBe(
      'Skin Fade + Beard Trim · 1 hr 5 min · $55',
    );
    await user.click(screen.getByRole('radio', { name: /Marco Polo/ }));
    expect(document.querySelector('[data-booking-summary] dd')?.textContent).toBe(
      'Skin Fade + Beard Trim · 1 hr 10 min · $58',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await chooseAndFill(user);
    expect(calls.find((c) => c.url.includes('/availability'))?.url).toMatch(
      /availability\?serviceIds=svc-1,svc-3&barberId=brb-1&date=/,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posts()[0]?.body).toMatchObject({ serviceIds: ['svc-1', 'svc-3'], barberId: 'brb-1' });
    expect(posts()[0]?.body).not.toHaveProperty('serviceId');
    const items = document.querySelector('[data-visit-items]');
    expect([...(items?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Skin Fade (45 min, $40)',
      'Beard Trim (25 min, $18)',
      'Total: 1 hr 10 min, $58',
    ]);
  });

  it('keeps the order the services were chosen in, and a lone fade shows every barber who does it', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow(noPreselect, visitShop());
    await user.click(screen.getByRole('checkbox', { name: /Beard Trim/ }));
    await user.click(screen.getByRole('checkbox', { name: /Skin Fade/ }));
    const marks = (name: RegExp) => screen.getByRole('checkbox', { name }).closest('label')?.textContent;
    expect(marks(/Beard Trim/)?.startsWith('1')).toBe(true);
    expect(marks(/Skin Fade/)?.startsWith('2')).toBe(true);
    // Unchecking the first moves the other up.
    await user.click(screen.getByRole('checkbox', { name: /Beard Trim/ }));
    expect(marks(/Skin Fade/)?.startsWith('1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('radio', { name: /Ann Shears/ })).toBeTruthy();
    expect(screen.queryByText(/Only the barbers/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('checkbox', { name: /Royal Shave/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('radio', { name: /Ann Shears/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Pick a date and time' });
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/availability\?serviceIds=svc-1,svc-2&barberId=any&date=/));
  });

  it('says so when no barber does all of the chosen services', async () => {
    const page = visitShop();
    const view2 = {
      ...page.view,
      barbers: page.view.barbers.map((b) => ({ ...b, offersAllServices: false, offers: [] })),
    };
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow(noPreselect, { view: view2, booking: page.booking });
    await user.click(screen.getByRole('checkbox', { name: /Skin Fade/ }));
    expect(screen.getByRole('alert').textContent).toBe(VISIT_MESSAGES.noBarberForVisit);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });
});

describe('BookingFlow: the waitlist (issue 14)', () => {
  it('offers the waitlist on a full day and joins it with the window, the barber and the contact', async () => {
    handler = (call) =>
      call.method === 'GET'
        ? { status: 200, body: slots() }
        : {
            status: 201,
            body: { id: 'w1', position: 3, manageToken: 'wl_1', manageUrl: 'http://x/shop/joes/waitlist/wl_1' },
          };
    const user = userEvent.setup();
    renderFlow(undefined, joes({ waitlistEnabled: true }));
    await pickDay(user, '2026-11-23');
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Monday, November 23, 2026' }));
    const heading = screen.getByRole('heading', { name: 'Join the waitlist for Monday, November 23, 2026' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/With Marco Polo\./)).toBeTruthy();
    // The shop's hours that Monday (defaultHours: 9 to 6) are the default window.
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('09:00');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('18:00');
    await user.selectOptions(screen.getByLabelText('To'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    // The details step's checks, before anything is sent.
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(posts()).toHaveLength(0);
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Phone'), '555 123 4567');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    const done = await screen.findByRole('heading', { name: "You're on the waitlist" });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(
      screen.getByText("You're #3 on the waitlist for Monday, November 23, 2026. We'll e-mail you if a time frees up."),
    ).toBeTruthy();
    expect(posts()[0]).toMatchObject({
      url: '/api/shops/joes/waitlist',
      body: {
        date: '2026-11-23',
        windowStart: '09:00',
        windowEnd: '12:00',
        barberId: 'brb-1',
        serviceIds: ['svc-1'],
        client: { name: 'Ann Lee', email: 'ann@example.com', phone: '555 123 4567' },
      },
    });
    expect(screen.getByRole('link', { name: 'See or leave your place on the waitlist' }).getAttribute('href')).toBe(
      '/waitlist/wl_1',
    );
  });

  it('offers it under the times too ("None of these times work"), refuses a window that ends before it starts', async () => {
    handler = () => ({ status: 200, body: slots('9:00 AM') });
    const user = userEvent.setup();
    renderFlow({ serviceId: 'svc-1', barberId: null as unknown as string }, joes({ waitlistEnabled: true }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await pickDay(user, '2026-11-23');
    await user.click(await screen.findByRole('button', { name: 'None of these times work' }));
    expect(screen.getByText(/With any barber\./)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('From'), '14:00');
    await user.selectOptions(screen.getByLabelText('To'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(screen.getByText(VISIT_MESSAGES.window)).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Back to times' }));
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeTruthy();
  });

  it('offers nothing where the shop keeps no waitlist', async () => {
    handler = () => ({ status: 200, body: slots() });
    const user = userEvent.setup();
    renderFlow();
    await pickDay(user, '2026-11-23');
    await screen.findByText(/No free times on this day/);
    expect(screen.queryByRole('button', { name: /waitlist/ })).toBeNull();
  });
});

describe('BookingFlow: a regular appointment (issue 14)', () => {
  const series = () => ({
    series: { id: 's1', intervalWeeks: 3, status: 'active' },
    booked: [
      { ...booked(), id: 'a1' },
      { ...booked(), id: 'a2', localDate: '2026-12-14', start: '2026-12-14T14:00:00.000Z' },
    ],
    collisions: [
      {
        date: '2027-01-04',
        wantedStart: '2027-01-04T14:00:00.000Z',
        status: 'open',
        alternatives: [
          { start: '2027-01-04T15:00:00.000Z', label: 'Mon, Jan 4 · 10:00 AM' },
          { start: '2027-01-05T14:00:00.000Z', label: 'Tue, Jan 5 · 9:00 AM' },
        ],
      },
    ],
  });

  it('sends repeat, lists the visits booked and accepts an alternative for the one that was taken', async () => {
    handler = (call) => {
      if (call.method === 'GET') return { status: 200, body: slots('9:00 AM') };
      if (call.url.endsWith('/accept'))
        return { status: 201, body: { ...booked(), localDate: '2027-01-05', start: '2027-01-05T14:00:00.000Z' } };
      return { status: 201, body: { ...booked(), seriesId: 's1', series: series() } };
    };
    const user = userEvent.setup();
    renderFlow(undefined, joes({ clientsMayRepeat: true }));
    await chooseAndType(user);
    const repeat = screen.getByRole('checkbox', { name: /Make this a regular appointment/ });
    expect(repeat).toHaveProperty('checked', false);
    expect(screen.queryByLabelText('Repeat')).toBeNull();
    await user.click(repeat);
    expect(screen.getAllByRole('option', { name: /^Every/ })).toHaveLength(12);
    expect(screen.getAllByRole('option', { name: /visits$/ }).map((o) => o.textContent)).toHaveLength(51);
    await user.selectOptions(screen.getByLabelText('Repeat'), '3');
    await user.selectOptions(screen.getByLabelText('Number of visits'), '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.querySelector('[data-review-repeat]')?.textContent).toBe('Every 3 weeks, 3 visits in all');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posts()[0]?.body).toMatchObject({ repeat: { intervalWeeks: 3, count: 3 } });
    expect(screen.getByRole('heading', { name: 'Your regular appointment: every 3 weeks' })).toBeTruthy();
    expect(screen.getByText('2 visits booked; 1 visit needs another time.')).toBeTruthy();
    const visits = document.querySelector('[data-series-visits]');
    expect([...(visits?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Mon, Nov 23 · 9:00 AM',
      'Mon, Dec 14 · 9:00 AM',
    ]);
    const group = screen.getByRole('group', { name: 'Mon, Jan 4 · 9:00 AM is taken — choose:' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mon, Jan 4 · 10:00 AM', 'Tue, Jan 5 · 9:00 AM']);
    await user.click(within(group).getByRole('button', { name: 'Tue, Jan 5 · 9:00 AM' }));
    await screen.findByText('booked Tue, Jan 5 · 9:00 AM');
    expect(posts().at(-1)).toMatchObject({
      url: '/api/appointments/manage/tok_123/series/collisions/2027-01-04/accept',
      body: { start: '2027-01-05T14:00:00.000Z' },
    });
    expect(screen.getByText('Booked Tue, Jan 5 · 9:00 AM.')).toBeTruthy();
  });

  it('neither asks nor sends repeat where the shop does not allow it', async () => {
    handler = (call) =>
      call.method === 'GET' ? { status: 200, body: slots('9:00 AM') } : { status: 201, body: booked() };
    const user = userEvent.setup();
    renderFlow();
    await chooseAndFill(user);
    expect(screen.queryByText(/regular appointment/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posts()[0]?.body).not.toHaveProperty('repeat');
  });
});

describe('ManageAppointment: a visit of a series (issue 14)', () => {
  const seriesOf = () => ({
    id: 's1',
    intervalWeeks: 3,
    localTime: '09:00',
    weekday: 1,
    status: 'active' as const,
    upcoming: [
      {
        id: 'a1',
        start: '2026-11-23T14:00:00.000Z',
        localDate: '2026-11-23',
        localTime: '9:00 AM',
        status: 'confirmed' as const,
      },
      {
        id: 'a2',
        start: '2026-12-14T14:00:00.000Z',
        localDate: '2026-12-14',
        localTime: '9:00 AM',
        status: 'confirmed' as const,
      },
      {
        id: 'a3',
        start: '2027-01-04T14:00:00.000Z',
        localDate: '2027-01-04',
        localTime: '9:00 AM',
        status: 'confirmed' as const,
      },
    ],
    collisions: [
      {
        date: '2027-01-25',
        wantedStart: '2027-01-25T14:00:00.000Z',
        status: 'open' as const,
        alternatives: [{ start: '2027-01-25T16:00:00.000Z', label: 'Mon, Jan 25 · 11:00 AM' }],
      },
    ],
  });
  const inSeries = (overrides: Partial<ManagedAppointment> = {}) => ({
    ...managed({
      seriesId: 's1',
      service: { id: 'svc-1', name: 'Skin Fade + Beard Trim', durationMinutes: 70, price: 58 },
      items: [
        { serviceId: 'svc-1', name: 'Skin Fade', durationMinutes: 45, price: 40 },
        { serviceId: 'svc-3', name: 'Beard Trim', durationMinutes: 25, price: 18 },
      ],
      ...overrides,
    }),
    series: seriesOf(),
  });

  it("lists the visit's items, the series' upcoming visits and the open collision", async () => {
    handler = () => ({ status: 200, body: inSeries() });
    renderManage();
    await screen.findByRole('heading', { name: 'Your appointment' });
    expect(screen.getByText('Services')).toBeTruthy();
    expect(screen.getByText('Skin Fade (45 min, $40)')).toBeTruthy();
    expect(screen.getByText('Total: 1 hr 10 min, $58')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your regular appointment: every 3 weeks' })).toBeTruthy();
    const visits = document.querySelector('[data-series-visits]');
    expect(visits?.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Mon, Jan 25 · 9:00 AM is taken — choose:' })).toBeTruthy();
  });

  it('moves a visit of several services with all of its services', async () => {
    handler = (call) => ({ status: 200, body: call.url.includes('/availability') ? slots('9:00 AM') : inSeries() });
    const user = userEvent.setup();
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/availability\?serviceIds=svc-1,svc-3&barberId=brb-1/));
    await screen.findByRole('radio', { name: '9:00 AM' });
  });

  it.each([
    ['Cancel this visit', 'one', 'This visit is cancelled. The rest of the series stays booked.'],
    ['Cancel this and all later visits', 'following', 'This visit and all later visits of the series are cancelled.'],
  ] as const)('"%s" cancels with scope %s', async (button, scope, notice) => {
    handler = (call) =>
      call.method === 'POST'
        ? { status: 200, body: { ...inSeries({ status: 'cancelled', canChange: false }) } }
        : { status: 200, body: inSeries() };
    const user = userEvent.setup();
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByText('It is part of your regular appointment, with 2 later visits.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, cancel it' })).toBeNull();
    await user.click(screen.getByRole('button', { name: button }));
    await screen.findAllByText(notice);
    expect(posts().at(-1)).toMatchObject({ url: '/api/appointments/manage/tok_123/cancel', body: { scope } });
  });
});

/** Marco holds 9:00 AM on Monday for the first in line: a fade and a beard trim. */
function held(overrides: Partial<HeldSlot> = {}): HeldSlot {
  return {
    status: 'active',
    start: '2026-11-23T14:00:00.000Z',
    end: '2026-11-23T15:05:00.000Z',
    label: 'Monday, November 23, 2026 · 9:00 AM',
    expiresAt: new Date(Date.now() + 12 * 60_000 + 34_000).toISOString(),
    barber: { id: 'brb-1', name: 'Marco Polo' },
    services: [
      { id: 'svc-1', name: 'Skin Fade', durationMinutes: 45, price: 40 },
      { id: 'svc-3', name: 'Beard Trim', durationMinutes: 20, price: 15 },
    ],
    shop: {
      id: 'id-joes',
      slug: 'joes',
      name: "Joe's",
      timeZone: 'America/New_York',
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
    },
    client: { name: 'Ann Lee' },
    ...overrides,
  };
}

function renderHold() {
  return render(
    <BookingLayout view={view} shopHref="/" title="A time held for you">
      <HoldClaim view={view} booking={booking} token="h_1" />
    </BookingLayout>,
  );
}

describe('HoldClaim: the link in a waitlist offer (issue 14)', () => {
  it('shows the held slot and counts down, then books it and shows the confirmation', async () => {
    handler = (call) => (call.method === 'POST' ? { status: 201, body: booked() } : { status: 200, body: held() });
    const user = userEvent.setup();
    renderHold();
    expect(screen.getByText('Loading the time held for you…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'A time freed up for you' });
    expect(calls[0]?.url).toBe('/api/waitlist/holds/h_1');
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toMatch(/^Held for you for 12:3[34]$/);
    const first = timer.textContent;
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(first), { timeout: 2500 });
    expect(screen.getByText('Monday, November 23, 2026')).toBeTruthy();
    expect(screen.getByText('Marco Polo')).toBeTruthy();
    expect(document.querySelector('[data-hold-total]')?.textContent).toBe('1 hr 5 min, $55');
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    await screen.findByRole('heading', { name: "You're booked!" });
    expect(posts()[0]?.url).toBe('/api/waitlist/holds/h_1/claim');
    expect(screen.getByRole('link', { name: 'Manage your appointment' }).getAttribute('href')).toBe(
      '/appointments/tok_123',
    );
  });

  it("says the offer expired in the api's words when claiming is too late, with a way to book", async () => {
    handler = (call) =>
      call.method === 'POST'
        ? { status: 410, body: { error: { code: 'hold_expired', message: VISIT_MESSAGES.holdExpired } } }
        : { status: 200, body: held() };
    const user = userEvent.setup();
    renderHold();
    await user.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VISIT_MESSAGES.holdExpired);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'This time is no longer held for you' })),
    );
    expect(screen.getByRole('link', { name: 'Find another time' }).getAttribute('href')).toBe('/book');
  });

  it('passes on when the countdown reaches zero, and says an offer already used was used', async () => {
    handler = () => ({ status: 200, body: held({ expiresAt: new Date(Date.now() + 1500).toISOString() }) });
    renderHold();
    await screen.findByRole('timer');
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(VISIT_MESSAGES.holdExpired);
    expect(screen.queryByRole('button', { name: 'Book this time' })).toBeNull();
    cleanup();
    handler = () => ({ status: 200, body: held({ status: 'claimed' }) });
    renderHold();
    expect((await screen.findByRole('alert')).textContent).toBe(VISIT_MESSAGES.holdTaken);
  });

  it('says the offer was not found for an unknown link', async () => {
    handler = () => ({ status: 404, body: { error: { code: 'not_found', message: VISIT_MESSAGES.holdNotFound } } });
    renderHold();
    expect(await screen.findByRole('heading', { name: VISIT_MESSAGES.holdNotFound })).toBeTruthy();
  });
});

describe('WaitlistEntryPage (issue 14)', () => {
  const entry = {
    status: 'waiting',
    date: '2026-11-28',
    windowStart: '09:00',
    windowEnd: '12:00',
    position: 2,
    barber: null,
    services: [
      { id: 'svc-1', name: 'Skin Fade' },
      { id: 'svc-3', name: 'Beard Trim' },
    ],
    shop: { id: 'id-joes', slug: 'joes', name: "Joe's", timeZone: 'America/New_York' },
  };

  it('shows the place in line and leaves the waitlist', async () => {
    handler = (call) => (call.method === 'POST' ? { status: 204, body: null } : { status: 200, body: entry });
    const user = userEvent.setup();
    render(
      <BookingLayout view={view} shopHref="/" title="Your place on the waitlist">
        <WaitlistEntryPage view={view} booking={booking} token="wl_1" />
      </BookingLayout>,
    );
    await screen.findByRole('heading', { name: 'Your place on the waitlist', level: 2 });
    expect(calls[0]?.url).toBe('/api/waitlist/wl_1');
    expect(
      screen.getByText(
        "You're #2 on the waitlist for Saturday, November 28, 2026. We'll e-mail you if a time frees up.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('9:00 AM and 12:00 PM')).toBeTruthy();
    expect(screen.getByText('Any barber')).toBeTruthy();
    expect(screen.getByText('Skin Fade + Beard Trim')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    await screen.findAllByText("You've left the waitlist for Saturday, November 28, 2026.");
    expect(posts()[0]?.url).toBe('/api/waitlist/wl_1/leave');
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
  });
});
