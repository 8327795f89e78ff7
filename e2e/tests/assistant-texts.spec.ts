import { expect, test } from '@playwright/test';
import { atBothSizes } from '../support/a11y';
import { baseURL, httpRequest } from '../support/api';
import { STACK_ENV } from '../support/stack';
import { hoursFromNow, shopWithTeam, signInThroughModal } from './admin-booking-helpers';

/**
 * Issue 23 item 9: a client texts the shop, the assistant answers by text (the stack's scripted model, the fake
 * Twilio), the owner sees the conversation with the assistant's answer marked and takes it over; on a phone, axe-clean.
 */

const stackUrl = (name: 'twilioUrl' | 'llmUrl') => {
  const url = process.env[STACK_ENV[name]];
  if (!url) throw new Error(`${STACK_ENV[name]} is not set: global-setup starts the fakes`);
  return url;
};

async function scriptModel(answers: unknown[]): Promise<void> {
  const res = await fetch(`${stackUrl('llmUrl').replace(/\/v1$/, '')}/__script`, {
    method: 'POST',
    body: JSON.stringify(answers),
  });
  expect(res.status).toBe(204);
}

async function textsTo(phone: string): Promise<string[]> {
  const sent = (await (await fetch(`${stackUrl('twilioUrl')}/__test/messages`)).json()) as Array<{
    to: string;
    body: string;
  }>;
  return sent.filter((m) => m.to === phone).map((m) => m.body);
}

test('a client texts the shop, the assistant answers by SMS, and the owner takes the conversation over', async ({
  page,
}) => {
  const owner = await shopWithTeam('Texting Assistant Cuts');
  const token = owner.session.access_token;
  const on = await httpRequest(`/api/shops/${owner.shop.id}/messaging`, {
    method: 'PATCH',
    token,
    body: { smsEnabled: true, quietStart: '00:00', quietEnd: '00:00' },
  });
  expect(on.status, on.text).toBe(200);

  // Jordan books with SMS reminders: the shop's confirmation text makes the number one the shop talks to.
  const local = `555-0${String(Math.floor(Math.random() * 900) + 100)}`;
  const phone = `+1718${local.replace('-', '')}`;
  const booked = await httpRequest(`/api/shops/${owner.shop.slug}/appointments`, {
    method: 'POST',
    body: {
      serviceId: owner.service('Skin Fade').id,
      barberId: owner.barber('Sam Fade').id,
      start: hoursFromNow(5),
      client: { name: 'Jordan Lee', email: 'jordan.texts@example.com', phone: `(718) ${local}` },
      reminders: { channel: 'sms', consent: true },
    },
  });
  expect(booked.status, booked.text).toBe(201);
  await expect.poll(async () => (await textsTo(phone)).length, { timeout: 20_000 }).toBeGreaterThan(0);

  // The owner turns the assistant on for texts, on a phone.
  await signInThroughModal(page, owner.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: /^Messages/ }).click();
  const toggle = page.getByRole('checkbox', { name: 'The assistant answers texts' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();

  // Jordan texts; the scripted model answers; the answer goes back by SMS.
  await scriptModel([{ text: 'We are open until 11:45 PM today. Want me to find you a time?' }]);
  const posted = await fetch(`${stackUrl('twilioUrl')}/__test/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `${baseURL()}/api/messaging/twilio/inbound`,
      from: phone,
      body: 'how late are you open today?',
    }),
  });
  expect(((await posted.json()) as { status: number }).status).toBe(200);
  await expect
    .poll(async () => (await textsTo(phone)).at(-1), { timeout: 20_000 })
    .toBe('We are open until 11:45 PM today. Want me to find you a time?');

  // The inbox shows both sides, the answer marked as the assistant's.
  await page.getByRole('button', { name: 'Refresh messages' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  const answer = messages.getByRole('listitem').filter({ hasText: 'Want me to find you a time?' });
  await expect(answer).toContainText("Assistant's answer");
  await expect(messages.getByRole('listitem').filter({ hasText: 'how late are you open today?' })).toBeVisible();

  // The owner takes over: the assistant is silent in this conversation for 24 hours.
  await page.getByRole('button', { name: 'Take over the conversation with Jordan Lee' }).click();
  await expect(page.getByText(/You have this conversation; the assistant is silent until/)).toBeVisible();
  await atBothSizes(page, 'owner dashboard, Messages with the assistant answering texts');

  const before = (await textsTo(phone)).length;
  const again = await fetch(`${stackUrl('twilioUrl')}/__test/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${baseURL()}/api/messaging/twilio/inbound`, from: phone, body: 'hello?' }),
  });
  expect(((await again.json()) as { status: number }).status).toBe(200);
  await page.getByRole('button', { name: 'Refresh messages' }).click();
  await expect(messages.getByRole('listitem').filter({ hasText: 'hello?' })).toBeVisible();
  expect((await textsTo(phone)).length).toBe(before);

  // Writing to a client starts from their name.
  await page.getByRole('combobox', { name: 'To' }).fill('Jordan');
  await page.getByRole('option', { name: /Jordan Lee/ }).click();
  await expect(page.getByTestId('text-recipient')).toContainText('Jordan Lee');
});
