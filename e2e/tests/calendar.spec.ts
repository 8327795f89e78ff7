import { type Hours, WEEKDAYS } from '@barberly/common';
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, expectAccessible } from '../support/a11y';
import { httpRequest, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';
import { mailedPath } from '../support/mail';
import { signInThroughModal, toast } from '../support/ui';

/**
 * Issue 25: the owner's calendar. A client phones for next Tuesday at 3 PM: the owner books them from the grid,
 * then drags the visit to 4 PM, and the client's mail says so. axe checks the day view, the week view and the
 * new-appointment dialog at 1280 and 375 px.
 */

const ZONE = 'America/New_York';
const NINE_TO_SIX = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '09:00', close: '18:00', closed: false }]),
) as Hours;
const PHONE_375 = { width: 375, height: 740 };

async function calendarShop() {
  const owner = await signUpOwnerWithShop({
    name: 'Calendar Cuts',
    slug: uniqueSlug('calendar'),
    timeZone: ZONE,
    hours_json: NINE_TO_SIX,
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  for (const name of ['Marcus Reed', 'Sam Fade']) {
    const res = await httpRequest(`/api/shops/${owner.shop.id}/barbers`, {
      method: 'POST',
      token: owner.session.access_token,
      body: { name, bio: '' },
    });
    expect(res.status, res.text).toBe(201);
  }
  return owner;
}

/** Days from the shop's today to next Tuesday (a Tuesday goes a week on). */
function daysToNextTuesday(): number {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(new Date());
  const index = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(weekday);
  const days = (2 - index + 7) % 7;
  return days === 0 ? 7 : days;
}

async function openCalendar(page: Page, email: string) {
  await signInThroughModal(page, email);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByRole('region', { name: /^Calendar, / })).toBeVisible();
}

test('the owner books a phoned-in client for next Tuesday at 3 PM from the grid and drags it to 4 PM', async ({
  page,
}) => {
  const owner = await calendarShop();
  const client = uniqueEmail('pat');
  await page.setViewportSize(DESKTOP);
  await openCalendar(page, owner.email);

  for (let i = daysToNextTuesday(); i > 0; i--) await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tuesday, / })).toBeVisible();
  const marcus = page.getByRole('region', { name: 'Marcus Reed' });

  await marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' }).click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('Time')).toHaveValue('15:00');
  await dialog.getByLabel('Name').fill('Pat Phone');
  await dialog.getByLabel('Phone (optional)').fill('(212) 555-0142');
  await dialog.getByLabel('E-mail (optional)').fill(client);
  await dialog.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  await expect(toast(page, 'Appointment booked')).toBeVisible();
  await expect(dialog).toBeHidden();

  const block = marcus.getByRole('button', { name: '3:00 PM to 3:45 PM, Pat Phone, Skin Fade, Confirmed' });
  await expect(block).toBeVisible();
  await expect(marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' })).toHaveCount(0);
  // The confirmation went out (notify is on by default).
  await mailedPath(client, /Skin Fade/);

  // Drag the block to the 4 PM row.
  await block.dragTo(marcus.getByRole('button', { name: 'Book 4:00 PM with Marcus Reed' }));
  await expect(toast(page, 'Appointment moved')).toBeVisible();
  await expect(
    marcus.getByRole('button', { name: '4:00 PM to 4:45 PM, Pat Phone, Skin Fade, Confirmed' }),
  ).toBeVisible();
  await expect(marcus.getByRole('button', { name: 'Book 3:00 PM with Marcus Reed' })).toBeVisible();

  // Dragging across free time blocks it off for that barber.
  await marcus.getByRole('button', { name: 'Book 11:00 AM with Marcus Reed' }).scrollIntoViewIfNeeded();
  const from = await marcus.getByRole('button', { name: 'Book 11:00 AM with Marcus Reed' }).boundingBox();
  const to = await marcus.getByRole('button', { name: 'Book 11:45 AM with Marcus Reed' }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 6 });
  await page.mouse.up();
  const timeOff = page.getByRole('dialog', { name: 'Block time off' });
  await expect(timeOff.getByLabel('From')).toHaveValue('11:00');
  await expect(timeOff.getByLabel('To')).toHaveValue('12:00');
  await timeOff.getByRole('button', { name: 'Block time for Marcus Reed' }).click();
  await expect(marcus.getByRole('button', { name: /^Time off 11:00 AM to 12:00 PM, Marcus Reed/ })).toBeVisible();
  await expect(marcus.getByRole('button', { name: 'Book 11:30 AM with Marcus Reed' })).toHaveCount(0);

  // The client is told once, with the new time.
  const moved = await mailedPath(client, /Moved: Skin Fade at Calendar Cuts, now \d{4}-\d{2}-\d{2} 4:00 PM/);
  expect(moved).toContain('4:00 PM');
});

test('the calendar, its week and the new-appointment dialog pass axe at 1280 and 375 px; phones show one barber', async ({
  page,
}) => {
  const owner = await calendarShop();
  await page.setViewportSize(DESKTOP);
  await openCalendar(page, owner.email);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('region', { name: 'Marcus Reed' })).toBeVisible();
  await expectAccessible(page, 'Calendar day view');

  await page.getByRole('button', { name: 'Book 10:00 AM with Sam Fade' }).click();
  await expect(page.getByRole('dialog', { name: 'New appointment' })).toBeVisible();
  await expectAccessible(page, 'New appointment dialog');
  await page.setViewportSize(PHONE_375);
  await expectAccessible(page, 'New appointment dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New appointment' })).toBeHidden();

  // A phone: one barber's day, switched by a control that names the barber; nothing scrolls sideways.
  await expect(page.getByRole('region', { name: 'Sam Fade' })).toBeHidden();
  const barber = page.getByRole('combobox', { name: 'Barber' });
  await expect(barber.locator('option:checked')).toHaveText('Marcus Reed');
  await barber.selectOption({ label: 'Sam Fade' });
  await expect(page.getByRole('region', { name: 'Sam Fade' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Marcus Reed' })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'Calendar day view');

  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Week of .* · Sam Fade$/ })).toBeVisible();
  await expectAccessible(page, 'Calendar week view');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'Calendar week view');

  // The tab bar on a 390 px phone: no tab runs into the next.
  await page.setViewportSize({ width: 390, height: 800 });
  const tabs = page.getByRole('tab');
  const boxes = await tabs.evaluateAll((els) =>
    els.map((el) => ({ fits: el.scrollWidth <= el.clientWidth + 1, name: el.textContent })),
  );
  expect(boxes.filter((b) => !b.fits)).toEqual([]);
});
