import { type AvailabilityResponse, type Hours, WEEKDAYS } from '@barberly/common';
import { expect, test } from '@playwright/test';
import { DESKTOP } from '../support/a11y';
import { httpRequest, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';
import { signInThroughModal } from '../support/ui';

/**
 * Issue 25 item 4: the owner's calendar is open on next Tuesday when a client books online (the storefront's own
 * request); the block appears without a reload. The client then cancels from their manage link and the block goes.
 */

const ZONE = 'America/New_York';
const NINE_TO_SIX = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '09:00', close: '18:00', closed: false }]),
) as Hours;

/** Days from the shop's today to next Tuesday (a Tuesday goes a week on). */
function daysToNextTuesday(): number {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(new Date());
  const index = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(weekday);
  const days = (2 - index + 7) % 7;
  return days === 0 ? 7 : days;
}

test('a booking made online while the owner’s calendar is open appears in it without a reload', async ({ page }) => {
  const owner = await signUpOwnerWithShop({
    name: 'Live Cuts',
    slug: uniqueSlug('live'),
    timeZone: ZONE,
    hours_json: NINE_TO_SIX,
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  const barber = await httpRequest<{ id: string }>(`/api/shops/${owner.shop.id}/barbers`, {
    method: 'POST',
    token: owner.session.access_token,
    body: { name: 'Marcus Reed', bio: '' },
  });
  expect(barber.status, barber.text).toBe(201);
  const services = await httpRequest<Array<{ id: string; name: string }>>(`/api/shops/${owner.shop.id}/services`, {
    token: owner.session.access_token,
  });
  const fade = services.json.find((s) => s.name === 'Skin Fade')!;

  await page.setViewportSize(DESKTOP);
  await signInThroughModal(page, owner.email);
  // The calendar opens its live stream with the tab.
  const streamOpened = page.waitForResponse((res) => res.url().endsWith(`/api/shops/${owner.shop.id}/calendar/stream`));
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByRole('region', { name: /^Calendar, / })).toBeVisible();
  expect((await streamOpened).status()).toBe(200);
  for (let i = daysToNextTuesday(); i > 0; i--) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tuesday, / })).toBeVisible();
  const marcus = page.getByRole('region', { name: 'Marcus Reed' });
  await expect(marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' })).toBeVisible();

  // The client books online: the request the storefront's booking page sends.
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + daysToNextTuesday() * 86_400_000),
  );
  const offered = await httpRequest<AvailabilityResponse>(
    `/api/shops/${owner.shop.slug}/availability?serviceId=${fade.id}&barberId=${barber.json.id}&date=${date}`,
  );
  expect(offered.status, offered.text).toBe(200);
  const three = offered.json.slots.find((s) => s.label === '3:00 PM');
  expect(three, JSON.stringify(offered.json.slots.map((s) => s.label))).toBeTruthy();
  const booked = await httpRequest<{ id: string; manageToken: string }>(`/api/shops/${owner.shop.slug}/appointments`, {
    method: 'POST',
    body: {
      serviceId: fade.id,
      barberId: barber.json.id,
      start: three!.start,
      client: { name: 'Rita Online', email: uniqueEmail('rita'), phone: '(212) 555-0199' },
    },
  });
  expect(booked.status, booked.text).toBe(201);

  // No reload: the live stream refetches the open day.
  const block = marcus.getByRole('button', { name: '3:00 PM to 3:45 PM, Rita Online, Skin Fade, Confirmed' });
  await expect(block).toBeVisible();
  await expect(marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' })).toHaveCount(0);

  // The client cancels from their manage link: the time is free again in the open calendar.
  const cancelled = await httpRequest(`/api/appointments/manage/${booked.json.manageToken}/cancel`, {
    method: 'POST',
    body: {},
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  await expect(block).toHaveCount(0);
  await expect(marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' })).toBeVisible();
});
