/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { httpRequest } from '../support/api';
import { STACK_ENV } from '../support/stack';
import { shopWithTeam, signInThroughModal } from './admin-booking-helpers';

/** Tells the stack's scripted model what to answer next (it answers each chat round with the next entry). */
async function scriptModel(answers: unknown[]): Promise<void> {
  const url = process.env[STACK_ENV.llmUrl];
  if (!url) throw new Error('E2E_LLM_URL is not set: global-setup starts the scripted model');
  const res = await fetch(`${url.replace(/\/v1$/, '')}/__script`, { method: 'POST', body: JSON.stringify(answers) });
  expect(res.status).toBe(204);
}

test('an owner asks the assistant for a walk-in gap and books it from the proposal card, on a phone', async ({
  page,
}) => {
  const owner = await shopWithTeam('Assistant Cuts');
  const fade = owner.service('Skin Fade');
  await scriptModel([
    { toolCalls: [{ name: 'find_walk_in_gap', args: { serviceId: fade.id } }] },
    { toolCalls: [{ name: 'book_walk_in', args: { serviceId: fade.id } }] },
    { text: 'There is a gap now. I proposed booking the walk-in: confirm it on the card.' },
  ]);

  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  // The rest on a phone, where the panel is a bottom sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Assistant' });
  await expect(panel.getByText('Model: scripted-e2e.')).toBeVisible();

  const box = panel.getByLabel('Message the assistant');
  await box.fill('Is there a gap for a walk-in skin fade?');
  await box.press('Enter');

  await expect(
    panel.getByText('There is a gap now. I proposed booking the walk-in: confirm it on the card.'),
  ).toBeVisible();
  await expect(panel.getByTestId('assistant-tool')).toContainText('Next walk-in gap:');
  const card = panel.getByTestId('assistant-proposal');
  await expect(card).toContainText('Book a walk-in Skin Fade with');
  // Nothing is booked until the owner confirms.
  const before = await httpRequest<{ appointments: unknown[] }>(`/api/shops/${owner.shop.id}/appointments`, {
    token: owner.session.access_token,
  });
  expect(before.json.appointments).toHaveLength(0);

  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByTestId('assistant-proposal-status')).toContainText('Done: Walk-in booked: Skin Fade with');
  const after = await httpRequest<{
    appointments: Array<{ source: string; service: { name: string }; barber: { name: string } }>;
  }>(`/api/shops/${owner.shop.id}/appointments`, { token: owner.session.access_token });
  expect(after.json.appointments.map((a) => `${a.source} ${a.service.name}`)).toEqual(['walk_in Skin Fade']);

  // Closing the panel returns to the dashboard; the agenda shows the walk-in.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Appointments' }).click();
  // A phone shows one barber's day at a time (issue 25): switch to the barber the rotation picked.
  await page.getByRole('combobox', { name: 'Barber' }).selectOption({ label: after.json.appointments[0]!.barber.name });
  await expect(
    page.locator('[data-date]').getByRole('button', { name: /Walk-in, Skin Fade, Confirmed$/ }),
  ).toBeVisible();
});
