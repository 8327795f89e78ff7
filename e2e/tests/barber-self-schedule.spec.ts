/// <reference lib="dom" />
import {
  type AvailabilityResponse,
  addDays,
  formatDayLabel,
  type JoinShopResponse,
  localDateOf,
  localInstant,
  WEEKDAY_LABELS,
  weekdayOf,
} from '@barberly/common';
import { expect, test } from '@playwright/test';
import { httpRequest, signUp, uniqueEmail } from '../support/api';
import { shopWithTeam, signInThroughModal, toast } from './admin-booking-helpers';

test('a barber who joined a shop closes a weekday and takes time off, and clients can no longer book them then', async ({
  page,
}) => {
  // The shop is open 00:00-23:45 every day in a fixed-offset zone where it is morning now. Two days three weeks
  // ahead (inside the 60-day booking horizon), on different weekdays, counted in the shop's zone.
  const owner = await shopWithTeam('Own Chair Cuts');
  const { slug } = owner.shop;
  const serviceId = owner.service('Skin Fade').id; // 45 minutes
  const sam = owner.barber('Sam Fade');
  const today = localDateOf(new Date(), owner.timeZone);
  const dayOff = addDays(today, 20);
  const timeOffDay = addDays(today, 22);
  const weekdayOff = WEEKDAY_LABELS[weekdayOf(dayOff)];

  // A barber account joins with the shop's code.
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  const email = uniqueEmail('chair');
  const session = await signUp(email);
  const joined = await httpRequest<JoinShopResponse>('/api/barbers/join', {
    method: 'POST',
    token: session.access_token,
    body: { code: code.json.code },
  });
  expect(joined.status, joined.text).toBe(200);
  const me = joined.json.barber;

  /** The start times the public booking page offers for this barber and the Skin Fade on a day. */
  const bookable = async (barberId: string, date: string) => {
    const query = new URLSearchParams({ serviceId, barberId, date });
    const res = await httpRequest<AvailabilityResponse>(`/api/shops/${slug}/availability?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json.slots.map((slot) => slot.label);
  };
  expect(await bookable(me.id, dayOff)).toContain('10:00 AM');
  expect(await bookable(me.id, timeOffDay)).toContain('10:00 AM');

  // On a 360 px phone, by keyboard where it matters.
  await signInThroughModal(page, email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${slug}$`));
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByText('Same as shop hours')).toBeVisible();
  const edit = page.getByRole('button', { name: 'Edit My Schedule' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'My Schedule' });
  const same = dialog.getByRole('radio', { name: /Same as shop hours/ });
  await expect(same).toBeChecked();

  // Own hours start from the shop's week; the barber closes one weekday.
  await same.focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /Own hours/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: `${weekdayOff} closed` }).check();
  await dialog.getByRole('button', { name: 'Save Hours' }).click();
  await expect(toast(page, 'Hours saved')).toBeVisible();

  // Time off 10:00-14:00 on another day, typed in the shop's zone.
  const form = dialog.getByRole('form', { name: 'Add time off' });
  const typed: Array<[string, string]> = [
    ['Start date', timeOffDay],
    ['Start time', '10:00'],
    ['End date', timeOffDay],
    ['End time', '14:00'],
    ['Reason (optional)', 'Family wedding'],
  ];
  for (const [label, value] of typed) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Add Time Off' }).click();
  await expect(toast(page, 'Time off added')).toBeVisible();
  const dayLabel = formatDayLabel(localInstant(timeOffDay, '10:00', owner.timeZone)!, owner.timeZone);
  await expect(dialog.getByRole('listitem', { name: `${dayLabel}, 10:00 AM – 2:00 PM` })).toContainText(
    'Family wedding',
  );
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the dialog scrolls sideways').toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // The dashboard card shows the new week and the time off.
  await expect(page.getByText('Your own hours')).toBeVisible();
  await expect(page.getByLabel('Your working week').getByText(weekdayOff, { exact: true }).locator('..')).toContainText(
    'Closed',
  );
  await expect(page.getByText('1 upcoming time off entry.')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'the dashboard scrolls sideways on a 360 px phone',
  ).toBe(true);

  // The public availability follows: nothing on the closed weekday, nothing overlapping the time off.
  expect(await bookable(me.id, dayOff)).toEqual([]);
  const around = await bookable(me.id, timeOffDay);
  // 9:15 + 45 min ends at 10:00, as the time off starts; 9:30 to 1:45 PM overlap it; 2:00 PM starts as it ends.
  expect(around).toContain('9:15 AM');
  expect(around).toContain('2:00 PM');
  for (const label of ['9:30 AM', '10:00 AM', '12:00 PM', '1:45 PM']) expect(around).not.toContain(label);
  // Sam, the owner's barber, keeps the shop's hours.
  expect(await bookable(sam.id, dayOff)).toContain('10:00 AM');
  expect(await bookable(sam.id, timeOffDay)).toContain('10:00 AM');

  // The owner sees the barber's own change through the owner's settings.
  const asOwner = await httpRequest<{ hours_json: Record<string, { closed: boolean }> | null }>(
    `/api/shops/${owner.shop.id}/barbers/${me.id}/settings`,
    { token: owner.session.access_token },
  );
  expect(asOwner.json.hours_json?.[weekdayOf(dayOff)]?.closed).toBe(true);
});
