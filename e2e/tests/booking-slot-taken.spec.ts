import { expect, test } from '@playwright/test';
import { shopSubdomainUrl } from '../support/api';
import { bookableShop, expectStep, pickTimeAndFill, shopDate } from './booking-helpers';

test('two clients pick the same time: the second hears it was just booked, gets fresh times and keeps the details', async ({
  browser,
}) => {
  const shop = await bookableShop('urban', 'Race Cuts');
  const site = shopSubdomainUrl(shop.slug);
  const date = shopDate(3);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();

  for (const [page, name] of [
    [a, 'First Client'],
    [b, 'Second Client'],
  ] as const) {
    await page.goto(`${site}/book`);
    await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Tasha Kim' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, 'Pick a date and time');
    await pickTimeAndFill(page, { date, time: '7:00 AM', name });
  }

  await a.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(a.getByRole('heading', { name: "You're booked!" })).toBeVisible();

  await b.getByRole('button', { name: 'Confirm booking' }).click();
  await expectStep(b, 'Pick a date and time');
  await expect(b.getByRole('alert')).toHaveText('Sorry, that time was just booked. Please choose another time.');
  // Fresh times: 7:00 is gone (and the 45 minutes after it), the next free start is offered.
  await expect(b.getByRole('radio', { name: '7:45 AM', exact: true })).toBeVisible();
  await expect(b.getByRole('radio', { name: '7:00 AM', exact: true })).toHaveCount(0);
  await expect(b.getByRole('radio', { name: '7:30 AM', exact: true })).toHaveCount(0);

  await b.getByRole('radio', { name: '7:45 AM', exact: true }).check();
  await b.getByRole('button', { name: 'Continue' }).click();
  await expect(b.getByLabel('Name')).toHaveValue('Second Client');
  await expect(b.getByLabel('Email')).toHaveValue('ann.lee@example.com');
  await b.getByRole('button', { name: 'Continue' }).click();
  await b.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(b.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(b.getByRole('definition').filter({ hasText: /^7:45 AM/ })).toBeVisible();

  await first.close();
  await second.close();
});
