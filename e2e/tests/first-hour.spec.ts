/// <reference lib="dom" />
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEFAULT_PASSWORD, uniqueEmail, uniqueSlug } from '../support/api';

/**
 * Issue 28, the first hour: a new owner signs up from "Get Started", says they cut hair, launches and sees the
 * checklist, and a client books them. On a phone, with axe on each new screen.
 */

const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE, reducedMotion: 'reduce' });

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClear(toast: Locator, controls: Locator[]) {
  const toastBox = await toast.boundingBox();
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(toastBox && box && overlaps(toastBox, box), `the toast covers ${await control.textContent()}`).toBe(false);
  }
}

test('a new owner signs up from Get Started, says they cut hair, launches and sees the checklist, and a client books them', async ({
  page,
  browser,
}) => {
  // Sign-up from the hero's "Get Started".
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await expect(dialog.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('At least 8 characters');
  await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await dialog.getByLabel('Email').fill(uniqueEmail('first-hour'));
  await dialog.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill('nope');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await expectAccessible(page, 'sign-up from Get Started, confirmation differs');
  await dialog.getByLabel('Confirm Password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // The wizard.
  await page.getByRole('button', { name: /I own a barbershop/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Classic', exact: true })).toBeVisible();
  await expectAccessible(page, 'wizard, templates');
  await continueButton(page).click();

  const slug = uniqueSlug('one-chair');
  const name = `One Chair ${slug.slice(-6)}`;
  await expect(page.getByText("Enter your shop's name to continue.")).toBeVisible();
  await expectAccessible(page, 'wizard, details with Continue disabled and its reason');
  await page.getByLabel('Shop Name').fill(name);
  await page.getByLabel('Shop URL').fill(slug);
  await expect(page.getByText(/is available/)).toBeVisible();
  // A reload keeps what was typed (the draft lives in the browser).
  await page.reload();
  await expect(page.getByLabel('Shop Name')).toHaveValue(name);
  await expect(page.getByText(/is available/)).toBeVisible();
  await continueButton(page).click();

  await expect(page.getByLabel('Search time zones')).toBeVisible();
  await continueButton(page).click();

  await page.getByLabel('Service Name').fill('Haircut');
  await page.getByLabel('Price ($)').fill('30');
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByRole('group', { name: 'Do you cut hair here too?' })).toBeVisible();
  await page.getByRole('radio', { name: /Yes, I cut hair here/ }).check();
  await page.getByLabel('Your name, as clients see it').fill('Robin Chair');
  await expectAccessible(page, 'wizard, services with "Do you cut hair here too?"');
  await continueButton(page).click();

  await expect(page.getByRole('heading', { name: 'Review and launch' })).toBeVisible();
  await page.getByRole('button', { name: 'Launch My Barbershop' }).click();

  // The dashboard, the live site a link away, and the checklist with the barber step done.
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${slug}$`));
  await expect(page.getByText('Your barbershop is live', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your site' })).toHaveAttribute('href', new RegExp(slug));
  const checklist = page.getByRole('region', { name: 'Get your shop ready' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('Add a barber (done)', { exact: true })).toBeAttached();
  await expect(checklist.getByText('Share your booking link (to do)', { exact: true })).toBeAttached();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await expectClear(toast, [
    page.getByRole('button', { name: 'Logout' }),
    page.getByRole('link', { name: 'Preview Site' }).first(),
    page.getByRole('button', { name: 'Edit Shop' }),
  ]);
  // On a desktop too: the toast sits on the left, the header's controls on the right.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(toast).toBeVisible();
  await expectClear(toast, [
    page.getByRole('button', { name: 'Logout' }),
    page.getByRole('link', { name: 'Preview Site' }).first(),
    page.getByRole('button', { name: 'Edit Shop' }),
  ]);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'owner dashboard after launch, with the setup checklist');

  // A client books the owner on their phone.
  const client = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const phone = await client.newPage();
  await phone.goto(`/shop/${slug}/book`);
  await expect(phone.getByRole('heading', { level: 2 })).toBeVisible();
  if (await phone.getByRole('heading', { level: 2, name: 'Choose your services' }).isVisible()) {
    await phone.getByRole('checkbox', { name: /Haircut/ }).check();
    await continueButton(phone).click();
  }
  await expect(phone.getByRole('heading', { level: 2, name: 'Choose a barber' })).toBeVisible();
  await phone.getByRole('radio', { name: /Robin Chair/ }).check();
  await continueButton(phone).click();
  await expect(phone.getByRole('heading', { level: 2, name: 'Pick a date and time' })).toBeVisible();
  await expect(phone.getByText('Choose a time to continue.')).toBeVisible();
  // The first day with a free time (today may be over already): the calendar's "Next available".
  await phone.getByRole('button', { name: 'Next available' }).click();
  await expect(phone.getByRole('radio').first()).toBeVisible();
  await phone.getByRole('radio').first().check();
  await continueButton(phone).click();
  await phone.getByLabel('Name').fill('Casey Client');
  await phone.getByLabel('Email').fill('casey.client@example.com');
  await phone.getByLabel('Phone').fill('(718) 555-0142');
  await continueButton(phone).click();
  await phone.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(phone.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(phone.getByText('Robin Chair')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Manage your appointment' })).toBeVisible();
  await expectAccessible(phone, 'booking confirmation with the manage button');
  await client.close();
});

test('the terms and privacy pages show the operator text', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expectAccessible(page, 'terms of service');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
