import { type Hours, textConsentWording, WEEKDAYS } from '@barberly/common';
import { expect, test } from '@playwright/test';
import { appUrl, baseURL, httpRequest, signUpOwnerWithShop, uniqueSlug } from '../support/api';
import { STACK_ENV } from '../support/stack';
import { signInThroughModal } from '../support/ui';
import { expectStep, SHOP_TIME_ZONE, shopDate, toDetailsStep } from './booking-helpers';

const twilio = () => {
  const url = process.env[STACK_ENV.twilioUrl];
  if (!url) throw new Error('E2E_TWILIO_URL is not set: global-setup starts the fake Twilio');
  return url;
};

interface Sent {
  to: string;
  body: string;
}

const OPEN = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '06:00', close: '22:00', closed: false }]),
) as Hours;

test('a client books with SMS reminders; the owner sees the appointment confirmed once the client texts C', async ({
  page,
}) => {
  const name = 'Textline Barbers';
  const owner = await signUpOwnerWithShop({
    name,
    slug: uniqueSlug('texts'),
    phoneNumber: '(718) 555-0199',
    timeZone: SHOP_TIME_ZONE,
    hours_json: OPEN,
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  const token = owner.session.access_token;
  const barber = await httpRequest(`/api/shops/${owner.shop.id}/barbers`, {
    method: 'POST',
    token,
    body: { name: 'Tasha Kim' },
  });
  expect(barber.status, barber.text).toBeLessThan(300);
  // The owner turns SMS on (quiet hours off: the suite runs at any hour).
  const settings = await httpRequest(`/api/shops/${owner.shop.id}/messaging`, {
    method: 'PATCH',
    token,
    body: { smsEnabled: true, quietStart: '00:00', quietEnd: '00:00' },
  });
  expect(settings.status, settings.text).toBe(200);

  // The client books on a phone-sized screen, keeps SMS and agrees to texts.
  const local = `555-0${String(Math.floor(Math.random() * 900) + 100)}`;
  const phone = `+1718${local.replace('-', '')}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await toDetailsStep(page, appUrl(`/shop/${owner.shop.slug}/book`), {
    date: shopDate(2),
    time: '10:00 AM',
    name: 'Rae Texter',
    email: 'rae.texter@example.com',
    phone: `(718) ${local}`,
  });
  await expect(page.getByRole('radio', { name: 'Text message (SMS)' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Agree to receive texts, or choose e-mail')).toBeVisible();
  await page.getByRole('checkbox', { name: textConsentWording(name, 'sms') }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Review and confirm');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(page.getByText(`We'll text reminders to (718) ${local}.`)).toBeVisible();

  // The confirmation goes out by text through the durable queue.
  await expect
    .poll(
      async () => {
        const sent = (await (await fetch(`${twilio()}/__test/messages`)).json()) as Sent[];
        return sent.find((m) => m.to === phone)?.body ?? '';
      },
      { timeout: 20_000 },
    )
    .toMatch(new RegExp(`^${name}: you are booked for Skin Fade with Tasha Kim`));

  // The owner opens the agenda on that day: not confirmed by the client yet.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughModal(page, owner.email);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const next = page.getByRole('button', { name: 'Next day' });
  await next.click();
  await next.click();
  // The calendar's block opens the appointment's detail, whose card carries the text badges (issue 25).
  const block = page.getByRole('button', { name: /Rae Texter, Skin Fade, Confirmed$/ });
  await block.click();
  const item = page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Rae Texter' }).first();
  await expect(item).toBeVisible();
  await expect(item.getByText('Confirmed by client')).toHaveCount(0);
  await expect(item.getByText('SMS sent').or(item.getByText('SMS queued'))).toBeVisible();

  // The client answers C; Twilio posts it, signed, to the api through the front door.
  const posted = await fetch(`${twilio()}/__test/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${baseURL()}/api/messaging/twilio/inbound`, from: phone, body: 'C' }),
  });
  expect(((await posted.json()) as { status: number }).status).toBe(200);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Refresh appointments' }).click();
  await block.click();
  await expect(item.getByText('Confirmed by client')).toBeVisible();
});
