// Shared by the booking-*.spec.ts journeys: a shop open every day in an explicit zone, and the booking steps.
import { type Hours, type Theme, WEEKDAYS } from '@barberly/common';
import { expect, type Page } from '@playwright/test';
import { httpRequest, signUpOwnerWithShop, uniqueSlug } from '../support/api';

export const SHOP_TIME_ZONE = 'America/New_York';

const OPEN_ALL_WEEK = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '06:00', close: '22:00', closed: false }]),
) as Hours;

/** A shop open 6:00-22:00 every day in New York, one 45-minute service and one barber. */
export async function bookableShop(theme: Theme, name = `${theme} cuts`) {
  const owner = await signUpOwnerWithShop({
    name,
    slug: uniqueSlug(theme),
    theme,
    phoneNumber: '(718) 555-0199',
    address: '88 Canal Street, Brooklyn',
    timeZone: SHOP_TIME_ZONE,
    hours_json: OPEN_ALL_WEEK,
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  const barber = await httpRequest<{ id: string }>(`/api/shops/${owner.shop.id}/barbers`, {
    method: 'POST',
    token: owner.session.access_token,
    body: { name: 'Tasha Kim', bio: 'Colour and texture.' },
  });
  expect(barber.status, barber.text).toBeLessThan(300);
  // The owner's token rides along for journeys that change the shop's settings through the api.
  return Object.assign(owner.shop, { ownerToken: owner.session.access_token });
}

/** 'YYYY-MM-DD' in the shop's zone, `days` after its today (two days out: always inside hours and notice). */
export function shopDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export async function expectStep(page: Page, heading: string) {
  const step = page.getByRole('heading', { level: 2, name: heading });
  await expect(step).toBeVisible();
  await expect(step).toBeFocused();
}

/**
 * Picks a day in the date step's month calendar (issue 25): to its month with "next month", then its button. The
 * day must be choosable (open, with times, or another barber's).
 */
export async function pickDate(page: Page, date: string) {
  const day = page.locator(`[data-booking="calendar"] [data-day="${date}"] button`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await expect(day).toBeEnabled();
  await day.click();
  await expect(page.locator(`[data-booking="calendar"] [data-day="${date}"]`)).toHaveAttribute('aria-selected', 'true');
}

/** From the date and time step to the confirmation, by mouse. Returns the time label chosen. */
export async function pickTimeAndFill(page: Page, opts: { date: string; time?: string; name?: string }) {
  await pickDate(page, opts.date);
  const time = opts.time ? page.getByRole('radio', { name: opts.time, exact: true }) : page.getByRole('radio').first();
  await expect(time).toBeVisible();
  const label = ((await time.locator('xpath=..').textContent()) ?? '').trim();
  await time.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Your details');
  await page.getByLabel('Name').fill(opts.name ?? 'Ann Lee');
  await page.getByLabel('Email').fill('ann.lee@example.com');
  await page.getByLabel('Phone').fill('(718) 555-0100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Review and confirm');
  return label;
}

/** From the shop's booking page (service, any barber, a date and time) to the details step, filled in. */
export async function toDetailsStep(
  page: Page,
  url: string,
  opts: { date: string; time: string; name: string; email: string; phone: string },
) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your services' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Choose a barber');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Pick a date and time');
  await pickDate(page, opts.date);
  await page.getByRole('radio', { name: opts.time, exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Your details');
  await page.getByLabel('Name').fill(opts.name);
  await page.getByLabel('Email').fill(opts.email);
  await page.getByLabel('Phone').fill(opts.phone);
}
