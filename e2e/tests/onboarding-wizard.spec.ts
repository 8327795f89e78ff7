/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import {
  getShopPage,
  shopSubdomainUrl,
  signUp,
  signUpOwnerWithShop,
  stackPort,
  uniqueEmail,
  uniqueSlug,
  updateMe,
} from '../support/api';
import { registerThroughModal, signInThroughModal } from '../support/ui';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a new owner goes from sign-up to a launched, themed shop on its subdomain and at /shop/{slug}', async ({
  page,
}) => {
  await page.clock.install();
  const email = uniqueEmail('wizard');
  await registerThroughModal(page, email);

  // Role choice: only owner and barber are offered.
  await expect(page.getByRole('heading', { name: 'Welcome to Barberly' })).toBeVisible();
  await page.getByRole('button', { name: /I own a barbershop/ }).click();
  await expect(page.getByText('Role updated')).toBeVisible();
  await expect(page.getByText('Your account has been set up successfully.')).toBeVisible();
  // Hold the page's clock so the 'Role updated' toast stays up through the next steps, as it does for an owner
  // whose pointer rests on it: it must never sit on the Continue button they reach for.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);

  // Template: the three looks, each with a preview and a live demo link.
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  for (const label of ['Classic', 'Urban', 'Minimalist']) {
    await expect(page.getByRole('radio', { name: new RegExp(label) })).toBeVisible();
    await expect(page.getByRole('link', { name: `Preview ${label} demo` })).toHaveAttribute('target', '_blank');
  }
  await page.getByRole('radio', { name: /Urban/ }).click();
  await expect(page.getByRole('radio', { name: /Urban/ })).toHaveAttribute('aria-checked', 'true');
  await continueButton(page).click();

  // Details: the slug follows the name.
  const suffix = uniqueSlug('x').slice(2);
  const name = `Concrete Cuts ${suffix}`;
  const slug = `concrete-cuts-${suffix}`;
  await page.getByLabel('Shop Name').fill(name);
  await expect(page.getByLabel('Shop URL')).toHaveValue(slug);
  await page.getByLabel('Bio').fill('Fades, designs and late nights.');
  await page.getByLabel('Address').fill('88 Canal Street');
  await page.getByLabel('Phone Number').fill('(718) 555-0199');
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Role updated' });
  await expect(toast).toBeVisible();
  for (const button of [continueButton(page), page.getByRole('button', { name: 'Back' })]) {
    const [toastBox, buttonBox] = [await toast.boundingBox(), await button.boundingBox()];
    expect(toastBox && buttonBox && overlaps(toastBox, buttonBox), 'the toast covers a wizard button').toBe(false);
  }
  await page.clock.resume();
  await expect(page.getByText(`${slug}.localhost:${stackPort()} is available`)).toBeVisible();
  await continueButton(page).click();

  // Hours: defaults, and Closed clears and disables the times.
  await expect(page.getByLabel('Monday opening time')).toHaveValue('09:00');
  await expect(page.getByLabel('Saturday closing time')).toHaveValue('16:00');
  await expect(page.getByLabel('Sunday closed')).toBeChecked();
  await page.getByLabel('Wednesday closed').check();
  await expect(page.getByLabel('Wednesday opening time')).toBeDisabled();
  await expect(page.getByLabel('Wednesday opening time')).toHaveValue('');
  // The shop's time zone starts as the browser's; the owner picks another.
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel('Time Zone', { exact: true })).toHaveValue(browserZone);
  await page.getByLabel('Time Zone', { exact: true }).selectOption('America/Chicago');
  await continueButton(page).click();

  // Services: at least one.
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Service Name').fill('Skin Fade');
  await page.getByLabel('Price ($)').fill('40');
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByRole('list', { name: 'Your services' })).toContainText('Skin Fade');
  // "Do you cut hair here too?" must be answered.
  await expect(continueButton(page)).toBeDisabled();
  await expect(page.getByText('Tell us whether you cut hair here too.')).toBeVisible();
  await page.getByRole('radio', { name: /No, I run the shop/ }).check();
  await continueButton(page).click();

  // Review and launch: the dashboard, with the live site a link away (issue 28).
  await expect(page.getByRole('heading', { name: 'Review and launch' })).toBeVisible();
  await expect(page.getByText(`${slug}.localhost:${stackPort()}`, { exact: true })).toBeVisible();
  const shopUrl = shopSubdomainUrl(slug);
  await page.getByRole('button', { name: 'Launch My Barbershop' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${slug}$`));
  await expect(page.getByText('Your barbershop is live', { exact: true })).toBeVisible();
  const siteLink = page.getByRole('link', { name: 'Open your site' });
  await expect(siteLink).toHaveAttribute('href', shopUrl);
  await expect(page.getByRole('region', { name: 'Get your shop ready' })).toBeVisible();

  await page.goto(shopUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'urban');
  await expect(page.getByText('Skin Fade')).toBeVisible();

  expect((await getShopPage(slug)).shop.timeZone).toBe('America/Chicago');
  await page.goto(`http://localhost:${stackPort()}/shop/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', 'urban');

  // Signed in again, the new owner lands on their dashboard with the shop.
  await page.goto(`http://localhost:${stackPort()}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${slug}$`));
  await expect(page.getByTestId('dashboard-shop-name')).toHaveText(name);
});

test('the wizard says every validation message before launch', async ({ page }) => {
  const taken = await signUpOwnerWithShop({ slug: uniqueSlug('taken') });
  const email = uniqueEmail('validate');
  const session = await signUp(email);
  await updateMe(session.access_token, { role: 'owner' });
  await signInThroughModal(page, email);
  // A user who already has a role starts on the matching step.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  await continueButton(page).click();

  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Shop Name').fill('J');
  await page.getByLabel('Shop URL').fill('jo');
  await continueButton(page).click();
  await expect(page.getByText('Shop name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Slug must be at least 3 characters')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();

  await page.getByLabel('Shop Name').fill('Joe Cuts');
  await expect(page.getByText('Shop name must be at least 2 characters')).toBeHidden();
  await page.getByLabel('Shop URL').fill('Joe Cuts!');
  await expect(page.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeVisible();
  await page.getByLabel('Shop URL').fill('x'.repeat(51));
  await expect(page.getByText('Slug cannot be more than 50 characters')).toBeVisible();
  await page.getByLabel('Shop URL').fill('admin');
  await expect(page.getByText('This shop URL is reserved. Please choose another.')).toBeVisible();
  await page.getByLabel('Bio').fill('b'.repeat(501));
  await expect(page.getByText('Bio cannot be more than 500 characters')).toBeVisible();
  await page.getByLabel('Bio').fill('');

  // Taken by another shop: said before launch, Continue stays disabled.
  await page.getByLabel('Shop URL').fill(taken.shop.slug);
  await expect(page.getByText('This shop URL is already taken. Please choose another.')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();

  const slug = uniqueSlug('joe');
  await page.getByLabel('Shop URL').fill(slug);
  await expect(page.getByText(`${slug}.localhost:${stackPort()} is available`)).toBeVisible();
  await continueButton(page).click();

  // Hours: a closing time before the opening time is refused.
  await page.getByLabel('Tuesday opening time').fill('18:00');
  await page.getByLabel('Tuesday closing time').fill('09:00');
  await continueButton(page).click();
  await expect(page.getByText('Tuesday: Closing time must be after opening time')).toBeVisible();
  await page.getByLabel('Tuesday closed').check();
  await expect(page.getByText('Tuesday: Closing time must be after opening time')).toBeHidden();
  await continueButton(page).click();

  // Services: Add needs name and price; the duration has a minimum.
  const add = page.getByRole('button', { name: 'Add Service' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Service Name').fill('Quick Trim');
  await expect(add).toBeDisabled();
  await page.getByLabel('Price ($)').fill('10');
  await page.getByLabel('Duration (mins)').fill('3');
  await add.click();
  await expect(page.getByText('Duration must be at least 5 minutes')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();

  // Back keeps what was entered, step by step, and Back on the template step goes to /.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Tuesday closed')).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Shop URL')).toHaveValue(slug);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`http://localhost:${stackPort()}/`);
});

test('a barber chooses their role and reaches the join-by-shop-code screen', async ({ page }) => {
  const email = uniqueEmail('barber');
  await registerThroughModal(page, email);
  await page.getByRole('button', { name: /I'm a barber/ }).click();
  await expect(page.getByText('Role updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join your barbershop' })).toBeVisible();
  await page.getByRole('button', { name: 'Join Shop' }).click();
  await expect(page.getByText('Enter the shop code from your shop owner')).toBeVisible();
  await page.getByLabel('Shop Code').fill('FADE-2025');
  await page.getByRole('button', { name: 'Join Shop' }).click();
  // Joining is real now (e2e/tests/barber-join.spec.ts): a code that is not 8 letters and digits is refused here.
  await expect(page.getByText('Join codes are 8 letters and digits, like K7QX3M2P')).toBeVisible();

  // Coming back, the barber is placed on the join screen again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Join your barbershop' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: /I own a barbershop/ })).toBeVisible();
});

test('a slug taken after the check is said at launch: Error toast with the reason, back on the details', async ({
  page,
}) => {
  const email = uniqueEmail('race');
  const session = await signUp(email);
  await updateMe(session.access_token, { role: 'owner' });
  await signInThroughModal(page, email);
  await page.getByRole('radio', { name: /Minimalist/ }).press('Space');
  await page.getByRole('radio', { name: /Minimalist/ }).press('ArrowLeft');
  await expect(page.getByRole('radio', { name: /Urban/ })).toHaveAttribute('aria-checked', 'true');
  await continueButton(page).click();
  const slug = uniqueSlug('race');
  await page.getByLabel('Shop Name').fill('Race Cuts');
  await page.getByLabel('Shop URL').fill(slug);
  // A reload keeps what was typed.
  await page.reload();
  await expect(page.getByLabel('Shop Name')).toHaveValue('Race Cuts');
  await expect(page.getByLabel('Shop URL')).toHaveValue(slug);
  await expect(page.getByText(`${slug}.localhost:${stackPort()} is available`)).toBeVisible();
  await continueButton(page).click();
  await continueButton(page).click();
  await page.getByLabel('Service Name').fill('Cut');
  await page.getByLabel('Price ($)').fill('20');
  await page.getByRole('button', { name: 'Add Service' }).click();
  await page.getByRole('radio', { name: /Yes, I cut hair here/ }).check();
  await page.getByLabel('Your name, as clients see it').fill('Rae Race');
  // A reload mid-wizard keeps the step and the answers.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your services' })).toContainText('Cut');
  await expect(page.getByLabel('Your name, as clients see it')).toHaveValue('Rae Race');
  await continueButton(page).click();

  await signUpOwnerWithShop({ slug });
  await page.getByRole('button', { name: 'Launch My Barbershop' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Error' })).toContainText(
    'Failed to create shop. Please try again. This shop URL is already taken. Please choose another.',
  );
  await expect(page.getByLabel('Shop URL')).toHaveValue(slug);
  await expect(page.getByText('This shop URL is already taken. Please choose another.').first()).toBeVisible();
  await page.getByLabel('Shop URL').fill(`${slug}-2`);
  await expect(page.getByText(`${slug}-2.localhost:${stackPort()} is available`)).toBeVisible();
  await continueButton(page).click();
  await continueButton(page).click();
  // What was entered survives the detour.
  await expect(page.getByRole('list', { name: 'Your services' })).toContainText('Cut');
});

test('on a 360 px phone every wizard step fits the screen', async ({ page }) => {
  const email = uniqueEmail('phone');
  const session = await signUp(email);
  await updateMe(session.access_token, { role: 'owner' });
  await signInThroughModal(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  expect(await fits()).toBe(true);
  await continueButton(page).click();
  await page.getByLabel('Shop Name').fill('A Very Long Barbershop Name For A Small Phone Screen');
  await expect(page.getByText(/is available/)).toBeVisible();
  expect(await fits()).toBe(true);
  await continueButton(page).click();
  expect(await fits()).toBe(true);
  await continueButton(page).click();
  await page.getByLabel('Service Name').fill('Cut');
  await page.getByLabel('Price ($)').fill('20');
  await page.getByRole('button', { name: 'Add Service' }).click();
  await page.getByRole('radio', { name: /No, I run the shop/ }).check();
  expect(await fits()).toBe(true);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: 'Review and launch' })).toBeVisible();
  expect(await fits()).toBe(true);
});
