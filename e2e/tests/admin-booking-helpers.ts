// Shared by admin-booking-*.spec.ts and barber-*.spec.ts: a shop whose "today" is the middle of its day whenever
// the suite runs, appointments booked through the public api, and signing in through the modal.
import { type Hours, WEEKDAYS } from '@barberly/common';
import { expect, type Page } from '@playwright/test';
import { getShopPage, httpRequest, signUpOwnerWithShop, uniqueSlug } from '../support/api';

const OPEN_ALL_DAY = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:45', closed: false }]),
) as Hours;

/**
 * A fixed-offset IANA zone in which it is about 10 AM right now ('Etc/GMT-3' is UTC+3). With the shop open
 * 00:00-23:45 every day, there is always time left today for bookings a few hours out and for a walk-in, whatever
 * the day or hour the test runs.
 */
export function zoneWhereItIsMorning(now = new Date()): string {
  let offset = 10 - now.getUTCHours();
  if (offset > 12) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT signs are inverted: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** An instant `hours` whole hours after the current hour (on the shop's quarter-hour grid in whole-hour zones). */
export function hoursFromNow(hours: number): string {
  const at = new Date();
  at.setUTCMinutes(0, 0, 0);
  at.setUTCHours(at.getUTCHours() + hours);
  return at.toISOString();
}

/** An owner with a shop open all day in a morning zone, two services and two barbers. */
export async function shopWithTeam(name = 'Agenda Cuts') {
  const timeZone = zoneWhereItIsMorning();
  const owner = await signUpOwnerWithShop({
    name,
    slug: uniqueSlug('agenda'),
    timeZone,
    hours_json: OPEN_ALL_DAY,
    services: [
      { name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 },
      { name: 'Beard Trim', description: 'Shape and line-up.', price: 15, durationMinutes: 15 },
    ],
  });
  for (const barber of [
    { name: 'Sam Fade', bio: 'Fades.' },
    { name: 'Alex Clip', bio: 'Scissors.' },
  ]) {
    const res = await httpRequest(`/api/shops/${owner.shop.id}/barbers`, {
      method: 'POST',
      token: owner.session.access_token,
      body: barber,
    });
    expect(res.status, res.text).toBe(201);
  }
  const page = await getShopPage(owner.shop.slug);
  const service = (n: string) => page.services.find((s) => s.name === n)!;
  const barber = (n: string) => page.barbers.find((b) => b.name === n)!;
  return { ...owner, timeZone, service, barber };
}

/** POST /api/shops/{slug}/appointments, the storefront's booking call. */
export async function book(
  slug: string,
  input: { serviceId: string; barberId: string; start: string; name: string; email: string },
) {
  const res = await httpRequest<{ id: string }>(`/api/shops/${slug}/appointments`, {
    method: 'POST',
    body: {
      serviceId: input.serviceId,
      barberId: input.barberId,
      start: input.start,
      client: { name: input.name, email: input.email, phone: '(718) 555-0100' },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/**
 * A team shop whose owner invited an e-mail to Sam Fade's chair (whoever joins with it takes it over, appointments
 * included), with one client booked with Sam in 3 hours; returns the shop's join code for the barber to type.
 */
export async function shopInvitingSam(shopName: string, email: string) {
  const owner = await shopWithTeam(shopName);
  const sam = owner.barber('Sam Fade');
  const invite = await httpRequest(`/api/shops/${owner.shop.id}/barbers/${sam.id}/settings`, {
    method: 'PATCH',
    token: owner.session.access_token,
    body: { email },
  });
  expect(invite.status, invite.text).toBe(200);
  await book(owner.shop.slug, {
    serviceId: owner.service('Skin Fade').id,
    barberId: sam.id,
    start: hoursFromNow(3),
    name: 'Jordan Lee',
    email: 'jordan.lee@example.com',
  });
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  return { owner, sam, code: code.json.code };
}

export { signInThroughModal, toast } from '../support/ui';

/** The number on a stat card ('Today's Appointments' -> '2'). */
export const statValue = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::p');
