import { type Hours, WEEKDAYS } from '@barberly/common';
import { expect, test } from '@playwright/test';
import { DESKTOP, expectAccessible } from '../support/a11y';
import { httpRequest, signUp, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';
import { signInThroughModal, toast } from '../support/ui';

/**
 * Issue 26 item 1 (decision 0187): My Calendar on a phone. A barber who joined the shop sees their own chair's day
 * in the shop's calendar (not their colleague's), books a client, drags them an hour later and blocks an hour off;
 * axe at 375 and 1280 px.
 */
const ZONE = 'America/New_York';
const NINE_TO_SIX = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '09:00', close: '18:00', closed: false }]),
) as Hours;
const PHONE_375 = { width: 375, height: 740 };

test.use({ viewport: PHONE_375, hasTouch: true });

function daysToNextTuesday(): number {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(new Date());
  const index = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(weekday);
  const days = (2 - index + 7) % 7;
  return days === 0 ? 7 : days;
}

test('a barber sees their day, books a client, moves them and blocks an hour', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await signUpOwnerWithShop({
    name: 'Chair Cuts',
    slug: uniqueSlug('chair'),
    timeZone: ZONE,
    hours_json: NINE_TO_SIX,
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  const colleague = await httpRequest(`/api/shops/${owner.shop.id}/barbers`, {
    method: 'POST',
    token: owner.session.access_token,
    body: { name: 'Sam Fade', bio: '' },
  });
  expect(colleague.status, colleague.text).toBe(201);
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  const email = uniqueEmail('tony');
  const session = await signUp(email);
  const joined = await httpRequest('/api/barbers/join', {
    method: 'POST',
    token: session.access_token,
    body: { code: code.json.code, name: 'Tony Blade' },
  });
  expect(joined.status, joined.text).toBe(200);

  // Signing in is the landing page's (desktop: its phone menu is another spec's); the rest on the phone.
  await page.setViewportSize(DESKTOP);
  await signInThroughModal(page, email);
  await page.setViewportSize(PHONE_375);
  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${owner.shop.slug}$`));
  await page.getByRole('navigation', { name: 'Barber tools' }).getByRole('link', { name: 'My Calendar' }).click();
  await expect(page.getByRole('region', { name: /^Calendar, / })).toBeVisible();
  const tony = page.getByRole('region', { name: 'Tony Blade' });
  await expect(tony).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sam Fade' })).toHaveCount(0);
  await expectAccessible(page, 'my calendar, day, 375 px');

  for (let i = daysToNextTuesday(); i > 0; i--) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tuesday, / })).toBeVisible();

  // Book a client at 3 PM.
  await tony.getByRole('button', { name: 'Book 3:00 PM with Tony Blade' }).click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('Name').fill('Pat Phone');
  await dialog.getByLabel('Phone (optional)').fill('(212) 555-0142');
  await dialog.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await expectAccessible(page, 'my calendar, new appointment, 375 px');
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  const block = tony.getByRole('button', { name: '3:00 PM to 3:45 PM, Pat Phone, Skin Fade, Confirmed' });
  await expect(block).toBeVisible();

  // Move them to 4 PM.
  await block.dragTo(tony.getByRole('button', { name: 'Book 4:00 PM with Tony Blade' }));
  await expect(toast(page, 'Appointment moved')).toBeVisible();
  await expect(tony.getByRole('button', { name: '4:00 PM to 4:45 PM, Pat Phone, Skin Fade, Confirmed' })).toBeVisible();

  // Block 11 AM to noon.
  await tony.getByRole('button', { name: 'Book 11:00 AM with Tony Blade' }).scrollIntoViewIfNeeded();
  const from = await tony.getByRole('button', { name: 'Book 11:00 AM with Tony Blade' }).boundingBox();
  const to = await tony.getByRole('button', { name: 'Book 11:45 AM with Tony Blade' }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 6 });
  await page.mouse.up();
  const timeOff = page.getByRole('dialog', { name: 'Block time off' });
  await expect(timeOff.getByLabel('From')).toHaveValue('11:00');
  await expect(timeOff.getByLabel('To')).toHaveValue('12:00');
  await timeOff.getByRole('button', { name: 'Block time for Tony Blade' }).click();
  await expect(tony.getByRole('button', { name: /^Time off 11:00 AM to 12:00 PM, Tony Blade/ })).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await expect(tony).toBeVisible();
  await expectAccessible(page, 'my calendar, day, 1280 px');
});
