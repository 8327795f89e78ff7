/// <reference lib="dom" />
import {
  type AvailabilityResponse,
  addDays,
  formatDayLabel,
  localDateOf,
  localInstant,
  WEEKDAY_LABELS,
  weekdayOf,
} from '@barberly/common';
import { expect, test } from '@playwright/test';
import { httpRequest } from '../support/api';
import { shopWithTeam, signInThroughModal, toast } from './admin-booking-helpers';

/** The start labels the public booking page would offer for one barber, service and day. */
async function offered(slug: string, serviceId: string, barberId: string, date: string): Promise<string[]> {
  const res = await httpRequest<AvailabilityResponse>(
    `/api/shops/${slug}/availability?serviceId=${serviceId}&barberId=${barberId}&date=${date}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.json.slots.map((s) => s.label);
}

test('an owner gives a barber a day off and time off, and clients can no longer book that barber then', async ({
  page,
}) => {
  // The shop is open 00:00-23:45 every day in a fixed-offset zone. Two days well ahead, on different weekdays.
  const owner = await shopWithTeam('Schedule Cuts');
  const { slug } = owner.shop;
  const fade = owner.service('Skin Fade'); // 45 minutes
  const sam = owner.barber('Sam Fade');
  const alex = owner.barber('Alex Clip');
  const today = localDateOf(new Date(), owner.timeZone);
  const dayOff = addDays(today, 10);
  const timeOffDay = addDays(today, 12);
  const weekdayOff = WEEKDAY_LABELS[weekdayOf(dayOff)];

  expect(await offered(slug, fade.id, sam.id, dayOff)).toContain('10:00 AM');
  expect(await offered(slug, fade.id, sam.id, timeOffDay)).toContain('10:00 AM');

  // On a 360 px phone, by keyboard where it matters.
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${slug}$`));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('tab', { name: 'Barbers' }).click();
  const openSchedule = page.getByRole('button', { name: 'Schedule for Sam Fade' });
  await openSchedule.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Schedule for Sam Fade' });
  const same = dialog.getByRole('radio', { name: /Same as shop hours/ });
  await expect(same).toBeChecked();

  // Own hours start from the shop's week; Sam takes one weekday off.
  await same.focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /Own hours/ })).toBeChecked();
  await expect(dialog.getByLabel(`${weekdayOff} opening time`)).toHaveValue('00:00');
  await dialog.getByRole('checkbox', { name: `${weekdayOff} closed` }).check();
  await dialog.getByRole('button', { name: 'Save Hours' }).click();
  await expect(toast(page, 'Hours saved')).toBeVisible();

  // Time off from 10:00 to 14:00, typed in the shop's zone.
  const form = dialog.getByRole('form', { name: 'Add time off' });
  await form.getByLabel('Start date').fill(timeOffDay);
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End date').fill(timeOffDay);
  await form.getByLabel('End time').fill('14:00');
  await form.getByLabel('Reason (optional)').fill('Dentist');
  await form.getByRole('button', { name: 'Add Time Off' }).click();
  await expect(toast(page, 'Time off added')).toBeVisible();
  const dayLabel = formatDayLabel(localInstant(timeOffDay, '10:00', owner.timeZone)!, owner.timeZone);
  const entry = dialog.getByRole('listitem', { name: `${dayLabel}, 10:00 AM – 2:00 PM` });
  await expect(entry).toContainText('Dentist');
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the dialog scrolls sideways').toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(openSchedule).toBeFocused();

  // The public availability follows: no Sam on his day off, nothing of his overlapping the time off.
  expect(await offered(slug, fade.id, sam.id, dayOff)).toEqual([]);
  const around = await offered(slug, fade.id, sam.id, timeOffDay);
  // 9:15 + 45 min ends at 10:00, just before the time off; 9:30 to 1:45 PM overlap it; 2:00 PM starts after it.
  expect(around).toContain('9:15 AM');
  expect(around).toContain('2:00 PM');
  for (const label of ['9:30 AM', '10:00 AM', '12:00 PM', '1:45 PM']) expect(around).not.toContain(label);
  // Alex keeps the shop's hours.
  expect(await offered(slug, fade.id, alex.id, dayOff)).toContain('10:00 AM');
  expect(await offered(slug, fade.id, alex.id, timeOffDay)).toContain('10:00 AM');

  // Saved, not only shown: after a reload the dialog reads them back.
  await page.reload();
  await page.getByRole('tab', { name: 'Barbers' }).click();
  await openSchedule.click();
  await expect(dialog.getByRole('radio', { name: /Own hours/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: `${weekdayOff} closed` })).toBeChecked();
  await expect(entry).toBeVisible();
});
