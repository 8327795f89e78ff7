/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { httpRequest, stackPort } from '../support/api';
import { book, hoursFromNow, shopWithTeam, signInThroughModal, statValue, toast } from './admin-booking-helpers';

test("an owner sees today's bookings, completes one, cancels another and books a walk-in in two clicks", async ({
  page,
}) => {
  const owner = await shopWithTeam('Agenda Cuts');
  const fade = owner.service('Skin Fade');
  const sam = owner.barber('Sam Fade');
  const alex = owner.barber('Alex Clip');
  await book(owner.shop.slug, {
    serviceId: fade.id,
    barberId: sam.id,
    start: hoursFromNow(3),
    name: 'Jordan Lee',
    email: 'jordan.lee@example.com',
  });
  await book(owner.shop.slug, {
    serviceId: fade.id,
    barberId: alex.id,
    start: hoursFromNow(4),
    name: 'Casey Moss',
    email: 'casey.moss@example.com',
  });

  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await expect(statValue(page, "Today's Appointments")).toHaveText('2');
  await expect(page.getByTestId('shop-time-zone')).toHaveText(`Time zone: ${owner.timeZone}`);

  await page.getByRole('tab', { name: 'Appointments' }).click();
  const samDay = page.getByRole('region', { name: 'Sam Fade' });
  const alexDay = page.getByRole('region', { name: 'Alex Clip' });
  // The calendar (issue 25): each appointment is a block named with its time, client, service and status; it opens
  // a detail holding the card with its actions.
  const jordanBlock = samDay.getByRole('button', { name: /Jordan Lee, Skin Fade, Confirmed$/ });
  const caseyBlock = alexDay.getByRole('button', { name: /Casey Moss, Skin Fade, Confirmed$/ });
  await expect(jordanBlock).toBeVisible();
  await expect(caseyBlock).toBeVisible();
  await expect(samDay).not.toContainText('Casey Moss');

  await jordanBlock.click();
  const detail = page.getByRole('dialog');
  const jordan = detail.getByRole('listitem').filter({ hasText: 'Jordan Lee' });
  await expect(jordan).toContainText('Skin Fade');
  await expect(jordan).toContainText('jordan.lee@example.com');
  await expect(jordan).toContainText('(718) 555-0100');
  await expect(jordan).toContainText('Confirmed');
  await jordan.getByRole('button', { name: /^Mark completed/ }).click();
  await expect(toast(page, 'Appointment completed')).toBeVisible();
  await expect(jordan).toContainText('Completed');
  await page.keyboard.press('Escape');
  await expect(samDay.getByRole('button', { name: /Jordan Lee, Skin Fade, Completed$/ })).toBeVisible();

  await caseyBlock.click();
  const casey = detail.getByRole('listitem').filter({ hasText: 'Casey Moss' });
  await expect(casey).toContainText('Confirmed');
  await casey.getByRole('button', { name: /^Cancel/ }).click();
  await expect(casey).toContainText("Cancel Casey Moss's Skin Fade");
  await casey.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(toast(page, 'Appointment cancelled')).toBeVisible();
  await expect(casey).toContainText('Cancelled');
  await expect(casey.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Cancelled visits leave the grid (their time is free again) and are listed under it.
  await expect(alexDay).not.toContainText('Casey Moss');
  await expect(page.getByRole('region', { name: 'Cancelled' })).toContainText('Casey Moss');

  // Walk-in: 'Walk-in', then the service. The next free start today goes to whoever the rotation picks.
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await page.getByRole('button', { name: 'Book walk-in: Beard Trim' }).click();
  await expect(toast(page, 'Walk-in booked')).toContainText('Beard Trim with');
  const walkIn = page.locator('[data-date]').getByRole('button', { name: /Walk-in, Beard Trim, Confirmed$/ });
  await expect(walkIn).toBeVisible();

  // The numbers follow: the completed one and the walk-in count, the cancelled one does not.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(statValue(page, "Today's Appointments")).toHaveText('2');

  // Saved on the server, not only on the page.
  const stats = await httpRequest<{ completed: number; cancelled: number; confirmed: number }>(
    `/api/shops/${owner.shop.id}/stats`,
    { token: owner.session.access_token },
  );
  expect(stats.json).toMatchObject({ completed: 1, cancelled: 1, confirmed: 1 });
});

test('the agenda moves between days, says when a day is empty, shows new bookings on Refresh; a walk-in with no time left says why', async ({
  page,
}) => {
  const owner = await shopWithTeam('Quiet Cuts');
  await signInThroughModal(page, owner.email);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByText('No appointments on this day')).toBeVisible();
  const today = await page.locator('[data-date]').getAttribute('data-date');
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.locator('[data-date]')).not.toHaveAttribute('data-date', today ?? '');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.locator('[data-date]')).toHaveAttribute('data-date', today ?? '');

  // A booking made on the storefront while the page is open shows on Refresh, without a reload.
  await book(owner.shop.slug, {
    serviceId: owner.service('Beard Trim').id,
    barberId: owner.barber('Alex Clip').id,
    start: hoursFromNow(2),
    name: 'Drew Park',
    email: 'drew.park@example.com',
  });
  await page.getByRole('button', { name: 'Refresh appointments' }).click();
  await expect(page.getByRole('region', { name: 'Alex Clip' })).toContainText('Drew Park');

  // Closed today (every day): no barber is free before closing, in the api's words.
  const closed = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '', close: '', closed: true },
    ]),
  );
  const patch = await httpRequest(`/api/shops/${owner.shop.id}`, {
    method: 'PATCH',
    token: owner.session.access_token,
    body: { hours_json: closed },
  });
  expect(patch.status, patch.text).toBe(200);
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await page.getByRole('button', { name: 'Book walk-in: Skin Fade' }).click();
  await expect(toast(page, 'Error')).toContainText('No barber is free for this service before closing today.');
});

test('booking settings and the time zone are edited on the Overview and saved', async ({ page }) => {
  const owner = await shopWithTeam('Settings Cuts');
  await signInThroughModal(page, owner.email);
  const settings = page.locator('dl[aria-label="Booking settings"]');
  await expect(settings).toContainText('Minimum notice1 hr');
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Settings' });
  await dialog.getByLabel('Minimum notice (minutes)').fill('20000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Minimum notice must be whole minutes from 0 to 10080')).toBeVisible();
  await dialog.getByLabel('Minimum notice (minutes)').fill('30');
  await dialog.getByLabel('Reminder (minutes before)').fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Shop updated')).toBeVisible();
  await expect(settings).toContainText('Minimum notice30 min');
  await expect(settings).toContainText('ReminderNo reminder');

  await page.getByRole('button', { name: 'Edit Hours' }).click();
  const hours = page.getByRole('dialog', { name: 'Edit Opening Hours' });
  await hours.getByLabel('Time Zone', { exact: true }).selectOption('Europe/London');
  await hours.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('shop-time-zone')).toHaveText('Time zone: Europe/London');

  const saved = await httpRequest<{ shop: Record<string, unknown> }>(`/api/shops/${owner.shop.slug}`);
  expect(saved.json.shop).toMatchObject({ timeZone: 'Europe/London', minNoticeMinutes: 30, reminderLeadMinutes: 0 });
});

test('the Barbers tab shows the join code, copies it and regenerates it after a confirm', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await shopWithTeam('Code Cuts');
  const first = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  await signInThroughModal(page, owner.email);
  await page.getByRole('tab', { name: 'Barbers' }).click();
  const code = page.getByTestId('join-code');
  await expect(code).toHaveText(`${first.json.code.slice(0, 4)}-${first.json.code.slice(4)}`);
  await page.getByRole('button', { name: 'Copy Code' }).click();
  await expect(toast(page, 'Join code copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.json.code);

  await page.getByRole('button', { name: 'Regenerate' }).click();
  await page.getByRole('button', { name: 'Keep' }).click();
  await expect(code).toHaveText(`${first.json.code.slice(0, 4)}-${first.json.code.slice(4)}`);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await page.getByRole('button', { name: 'Yes, make a new code' }).click();
  await expect(toast(page, 'New join code')).toBeVisible();
  await expect(code).not.toHaveText(`${first.json.code.slice(0, 4)}-${first.json.code.slice(4)}`);
  const now = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  expect(now.json.code).not.toBe(first.json.code);
});

test("an owner with a shop who opens '/' lands on their dashboard, not their public page (decision 0022)", async ({
  page,
}) => {
  const owner = await shopWithTeam('Home Cuts');
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await page.waitForTimeout(3100); // the redirect cooldown of spec 4
  await page.goto('/');
  await expect(page).toHaveURL(`http://localhost:${stackPort()}/dashboard/owner/${owner.shop.slug}`);
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
});

test('on a 360 px phone the Appointments tab fits the screen, walk-in panel open', async ({ page }) => {
  const owner = await shopWithTeam('Phone Cuts');
  await book(owner.shop.slug, {
    serviceId: owner.service('Skin Fade').id,
    barberId: owner.barber('Sam Fade').id,
    start: hoursFromNow(3),
    name: 'Morgan Alexandra Featherstonehaugh',
    email: 'morgan.alexandra.featherstonehaugh@example.com',
  });
  await signInThroughModal(page, owner.email);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByText('Morgan Alexandra Featherstonehaugh')).toBeVisible();
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await expect(page.getByRole('button', { name: 'Book walk-in: Skin Fade' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
