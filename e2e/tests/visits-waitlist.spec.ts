import { type Hours, localInstant, WEEKDAYS } from '@barberly/common';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { appUrl, httpRequest, signUpOwnerWithShop, uniqueSlug } from '../support/api';
import { mailedPath } from '../support/mail';
import { signInThroughModal } from '../support/ui';
import { expectStep, pickDate, SHOP_TIME_ZONE, shopDate } from './booking-helpers';

/**
 * Issue 14 on a phone: a client books a cut and a beard trim as one visit; on a full day they join the waitlist,
 * the owner cancels someone, and the client claims the held slot from the link in their e-mail. Then the owner makes
 * a three-weekly series in the dashboard.
 */

// Open 9:00-10:00 every day: two half-hour haircuts fill a day.
const NINE_TO_TEN = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '09:00', close: '10:00', closed: false }]),
) as Hours;

async function shopWithMarco() {
  const owner = await signUpOwnerWithShop({
    name: 'Visit Cuts',
    slug: uniqueSlug('visits'),
    phoneNumber: '(718) 555-0142',
    timeZone: SHOP_TIME_ZONE,
    hours_json: NINE_TO_TEN,
    services: [
      { name: 'Haircut', description: 'Scissors and clippers.', price: 30, durationMinutes: 30 },
      { name: 'Beard Trim', description: 'Shape and line-up.', price: 15, durationMinutes: 15 },
    ],
  });
  const token = owner.session.access_token;
  const barber = await httpRequest<{ id: string }>(`/api/shops/${owner.shop.id}/barbers`, {
    method: 'POST',
    token,
    body: { name: 'Marco Diaz' },
  });
  expect(barber.status, barber.text).toBeLessThan(300);
  const services = await httpRequest<Array<{ id: string; name: string }>>(`/api/shops/${owner.shop.id}/services`, {
    token,
  });
  const haircut = services.json.find((s) => s.name === 'Haircut')!;
  return { owner, token, barberId: barber.json.id, haircut };
}

async function bookByApi(slug: string, body: Record<string, unknown>) {
  const res = await httpRequest<{ id: string }>(`/api/shops/${slug}/appointments`, { method: 'POST', body });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

test.use({ viewport: { width: 390, height: 844 } });

test('a client books cut + beard, waits for a full day and claims the slot the owner freed', async ({ page }) => {
  const { owner, token, barberId, haircut } = await shopWithMarco();
  const slug = owner.shop.slug;

  // One visit, two services: 45 minutes and $45 at 9:00.
  await page.goto(appUrl(`/shop/${slug}/book`));
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your services' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Haircut/ }).check();
  await page.getByRole('checkbox', { name: /Beard Trim/ }).check();
  await expect(page.getByText(/45 min/).first()).toBeVisible();
  await expectAccessible(page, 'services step with two chosen, phone');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Choose a barber');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Pick a date and time');
  await pickDate(page, shopDate(2));
  // 9:00 is the only start where 45 minutes fit before 10:00.
  await expect(page.getByRole('radio')).toHaveCount(2);
  await page.getByRole('radio', { name: '9:00 AM', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Your details');
  await page.getByLabel('Name').fill('Rico Vale');
  await page.getByLabel('Email').fill('rico.vale@example.com');
  await page.getByLabel('Phone').fill('(718) 555-0177');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Review and confirm');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(page.getByText('Haircut').first()).toBeVisible();
  await expect(page.getByText('Beard Trim').first()).toBeVisible();

  // A full day: two haircuts by others.
  const full = shopDate(3);
  const first = await bookByApi(slug, {
    serviceIds: [haircut.id],
    barberId,
    start: localInstant(full, '09:00', SHOP_TIME_ZONE)!.toISOString(),
    client: { name: 'Ann Early', email: 'ann.early@example.com', phone: '(718) 555-0101' },
  });
  await bookByApi(slug, {
    serviceIds: [haircut.id],
    barberId,
    start: localInstant(full, '09:30', SHOP_TIME_ZONE)!.toISOString(),
    client: { name: 'Bea Later', email: 'bea.later@example.com', phone: '(718) 555-0102' },
  });

  // The client finds no time that day and joins its waitlist.
  const email = `wait.${Date.now()}@example.com`;
  await page.goto(appUrl(`/shop/${slug}/book`));
  await page.getByRole('checkbox', { name: /Haircut/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Choose a barber');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Pick a date and time');
  await pickDate(page, full);
  await page.getByRole('button', { name: /^Join the waitlist for / }).click();
  await expectAccessible(page, 'waitlist form, phone');
  await page.getByLabel('Name').fill('Wren Waiting');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(718) 555-0188');
  await page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  await expect(page.getByText(/You're #1 on the waitlist for /)).toBeVisible();

  // The owner cancels the 9:00: the first in line is offered it and holds it for 15 minutes.
  const cancelled = await httpRequest(`/api/shops/${owner.shop.id}/appointments/${first.id}`, {
    method: 'PATCH',
    token,
    body: { status: 'cancelled' },
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  const holdPath = await mailedPath(email, /\/shop\/[a-z0-9-]+\/hold\/[A-Za-z0-9_-]+/);

  // Nobody else can take it meanwhile.
  const stolen = await httpRequest(`/api/shops/${slug}/appointments`, {
    method: 'POST',
    body: {
      serviceIds: [haircut.id],
      barberId: 'any',
      start: localInstant(full, '09:00', SHOP_TIME_ZONE)!.toISOString(),
      client: { name: 'Quick Thief', email: 'quick@example.com', phone: '(718) 555-0103' },
    },
  });
  expect(stolen.status, stolen.text).toBe(409);

  await page.goto(appUrl(holdPath));
  await expect(page.getByText(/Held for you for \d+:\d\d/)).toBeVisible();
  await expect(page.getByText('Marco Diaz').first()).toBeVisible();
  await expectAccessible(page, 'held slot, phone');
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(page.getByText('9:00 AM').first()).toBeVisible();
});

test('the owner makes a three-weekly series from the agenda', async ({ page }) => {
  const { owner, token } = await shopWithMarco();
  // The landing page's Log in sits in the menu on a phone: sign in at desktop size, then work on the phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByRole('button', { name: /New series/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New series' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Barber').selectOption({ label: 'Marco Diaz' });
  await dialog.getByRole('checkbox', { name: /Haircut/ }).check();
  await dialog.getByLabel('First visit').fill(shopDate(2));
  await dialog.getByLabel('Time').fill('09:00');
  await dialog.getByLabel('Every (weeks)').fill('3');
  await dialog.getByLabel('Visits in all').fill('3');
  await dialog.getByLabel('Client name').fill('Reg Ular');
  await dialog.getByLabel('E-mail').fill('reg.ular@example.com');
  await dialog.getByLabel('Phone').fill('(718) 555-0155');
  await expectAccessible(page, 'new series dialog, phone');
  await dialog.getByRole('button', { name: 'Book Series' }).click();
  await expect(page.getByText('Booked 3 visits')).toBeVisible();

  // Three visits, three weeks apart, each at 9:00 in the shop's zone.
  const list = await httpRequest<
    Array<{ intervalWeeks: number; upcoming: Array<{ localDate: string; localTime: string }> }>
  >(`/api/shops/${owner.shop.id}/series?status=active`, { token });
  expect(list.status, list.text).toBe(200);
  const [series] = list.json;
  expect(series!.intervalWeeks).toBe(3);
  const day = (n: number) => {
    const at = new Date(`${shopDate(2)}T12:00:00Z`);
    at.setUTCDate(at.getUTCDate() + n);
    return at.toISOString().slice(0, 10);
  };
  expect(series!.upcoming.map((a) => [a.localDate, a.localTime])).toEqual([
    [shopDate(2), '9:00 AM'],
    [day(21), '9:00 AM'],
    [day(42), '9:00 AM'],
  ]);
});
