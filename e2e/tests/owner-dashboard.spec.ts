/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import {
  appUrl,
  getShopPage,
  httpRequest,
  signUp,
  signUpOwnerWithShop,
  stackPort,
  uniqueEmail,
  uniqueSlug,
  updateMe,
} from '../support/api';
import { signInThroughModal, toast } from '../support/ui';

/** A new owner with a shop, signed in on their dashboard. */
async function ownerOnDashboard(page: Page, input: Parameters<typeof signUpOwnerWithShop>[0] = {}) {
  const owner = await signUpOwnerWithShop({ name: 'Northside Barbers', slug: uniqueSlug('north'), ...input });
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  return owner;
}

/** The public page's HTML on its next load (server-rendered, through the storefront's cache). */
async function publicHtml(slug: string): Promise<string> {
  const result = await httpRequest(`/shop/${slug}`, { headers: { accept: 'text/html' } });
  return result.text;
}

test('services: the empty state, the form messages, then add, edit and delete, each on the public page', async ({
  page,
}) => {
  const { shop } = await ownerOnDashboard(page);
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByText('No Services Added')).toBeVisible();
  await page.getByRole('button', { name: 'Add Your First Service' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await expect(dialog.getByText('Add a service that clients can book.')).toBeVisible();
  await expect(dialog.getByLabel('Duration (mins)')).toHaveValue('30');
  await dialog.getByLabel('Service Name').fill('B');
  await dialog.getByLabel('Price ($)').fill('0.5');
  await dialog.getByLabel('Duration (mins)').fill('3');
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog.getByText('Service name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Price must be at least 1')).toBeVisible();
  await expect(dialog.getByText('Duration must be at least 5 minutes')).toBeVisible();
  // Re-validated as the owner types.
  await dialog.getByLabel('Service Name').fill('Beard Sculpt');
  await expect(dialog.getByText('Service name must be at least 2 characters')).toBeHidden();
  await dialog.getByLabel('Description').fill('Shape and line-up.');
  await dialog.getByLabel('Price ($)').fill('22.50');
  await dialog.getByLabel('Duration (mins)').fill('25');
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(toast(page, 'Service added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Services' });
  await expect(list).toContainText('Beard Sculpt');
  await expect(list).toContainText('$22.50');
  await expect(list).toContainText('25 minutes');
  await expect.poll(() => publicHtml(shop.slug)).toContain('Beard Sculpt');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('Available Services').locator('..')).toContainText('1');
  await page.getByRole('tab', { name: 'Services' }).click();

  await list.getByRole('button', { name: 'Edit Beard Sculpt' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(edit.getByLabel('Service Name')).toHaveValue('Beard Sculpt');
  await edit.getByLabel('Service Name').fill('Beard Sculpt Deluxe');
  await edit.getByLabel('Price ($)').fill('30');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Service updated')).toBeVisible();
  await expect(list).toContainText('Beard Sculpt Deluxe');
  await expect(list).toContainText('$30.00');
  await expect.poll(() => publicHtml(shop.slug)).toContain('Beard Sculpt Deluxe');

  await list.getByRole('button', { name: 'Edit Beard Sculpt Deluxe' }).click();
  await edit.getByRole('button', { name: 'Delete Service' }).click();
  await edit.getByRole('button', { name: 'Yes, delete service' }).click();
  await expect(toast(page, 'Service deleted')).toBeVisible();
  await expect(page.getByText('No Services Added')).toBeVisible();
  await expect.poll(() => publicHtml(shop.slug)).not.toContain('Beard Sculpt');
});

test('barbers: the empty state, the form messages, then add, edit and remove, each on the public page', async ({
  page,
}) => {
  const { shop } = await ownerOnDashboard(page);
  await page.getByRole('tab', { name: 'Barbers' }).click();
  await expect(page.getByText('No Barbers Added')).toBeVisible();
  await page.getByRole('button', { name: 'Add Barber', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Add New Barber' });
  await expect(dialog.getByText('Add a barber to your shop staff.')).toBeVisible();
  await dialog.getByLabel('Barber Name').fill('M');
  await dialog.getByLabel('Profile Image URL (optional)').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add Barber' }).click();
  await expect(dialog.getByText('Barber name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await dialog.getByLabel('Barber Name').fill('Marcus Reed');
  await dialog.getByLabel('Bio').fill('Tapers and hot-towel shaves.');
  await dialog.getByLabel('Profile Image URL (optional)').fill('');
  await dialog.getByRole('button', { name: 'Add Barber' }).click();
  await expect(toast(page, 'Barber added')).toBeVisible();

  const list = page.getByRole('list', { name: 'Barbers' });
  await expect(list).toContainText('Marcus Reed');
  await expect(list).toContainText('Tapers and hot-towel shaves.');
  await expect.poll(() => publicHtml(shop.slug)).toContain('Marcus Reed');

  await list.getByRole('button', { name: 'Edit Marcus Reed' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Barber' });
  await edit.getByLabel('Barber Name').fill('Marcus "Fade King" Reed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Barber updated')).toBeVisible();
  await expect(list).toContainText('Fade King');
  await expect.poll(() => publicHtml(shop.slug)).toContain('Fade King');

  await list.getByRole('button', { name: /Edit Marcus/ }).click();
  await edit.getByRole('button', { name: 'Remove Barber' }).click();
  await edit.getByRole('button', { name: 'Yes, remove barber' }).click();
  await expect(toast(page, 'Barber removed')).toBeVisible();
  await expect(page.getByText('No Barbers Added')).toBeVisible();
  await expect.poll(() => publicHtml(shop.slug)).not.toContain('Fade King');
});

test('Edit Shop: the messages, then a new name, theme and colour on the public page', async ({ page }) => {
  const { shop } = await ownerOnDashboard(page, { theme: 'classic' });
  await page.getByRole('button', { name: 'Edit Shop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Shop Details' });
  await expect(dialog.getByText('Update your shop information and appearance.')).toBeVisible();
  await expect(dialog.getByLabel('Shop Description')).toHaveAttribute('placeholder', 'Tell clients about your shop...');
  await dialog.getByLabel('Shop Name').fill('No');
  await dialog.getByLabel('Logo URL (optional)').fill('not-a-url');
  await dialog.getByLabel('Primary Color', { exact: true }).fill('crimson');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Shop name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await expect(dialog.getByText('Colour must be a hex value like #1E293B')).toBeVisible();

  await dialog.getByLabel('Shop Name').fill('Northside Studio');
  await dialog.getByLabel('Logo URL (optional)').fill('');
  await dialog.getByLabel('Primary Color', { exact: true }).fill('#B91C1C');
  await dialog.getByLabel('Shop Description').fill('Quiet cuts in a bright room.');
  await dialog.getByLabel('Website Theme').selectOption('minimalist');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Shop updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('dashboard-shop-name')).toHaveText('Northside Studio');
  await expect(page.getByText('Quiet cuts in a bright room.')).toBeVisible();
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await expect(page.getByTestId('current-template')).toHaveText('Minimalist');
  await expect(page.getByRole('img', { name: 'Primary colour #B91C1C' })).toBeVisible();

  const visitor = await page.context().newPage();
  await expect
    .poll(async () => {
      await visitor.goto(appUrl(`/shop/${shop.slug}`));
      return visitor.locator('[data-theme]').getAttribute('data-theme');
    })
    .toBe('minimalist');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Northside Studio' })).toBeVisible();
  await expect(visitor.locator('meta[name="theme-color"]')).toHaveAttribute('content', /#b91c1c/i);
  await visitor.close();
});

test('the booking page URLs copy with their toasts', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { shop } = await ownerOnDashboard(page);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.getByRole('button', { name: 'Copy subdomain URL' }).click();
  await expect(toast(page, 'Custom URL Copied')).toBeVisible();
  expect(await clipboard()).toBe(`${shop.slug}.localhost:${stackPort()}`);

  await page.getByRole('button', { name: 'Copy standard URL', exact: true }).click();
  await expect(page.locator('[data-sonner-toast][data-front="true"]')).toContainText(
    'URL CopiedShop URL has been copied to clipboard',
  );
  expect(await clipboard()).toBe(appUrl(`/shop/${shop.slug}`));

  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Copy Standard URL', exact: true }).click();
  await expect.poll(clipboard).toBe(appUrl(`/shop/${shop.slug}`));
  await expect(page.getByText('Subdomain URL', { exact: true })).toBeVisible();
});

test("another user is sent away from an owner's dashboard", async ({ page }) => {
  const first = await signUpOwnerWithShop({ slug: uniqueSlug('first') });

  // Another owner lands on their own dashboard, never on the first owner's shop.
  const second = await ownerOnDashboard(page, { name: 'Second Shop' });
  await page.goto(`/dashboard/owner/${first.shop.slug}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${second.shop.slug}$`));
  await expect(page.getByTestId('dashboard-shop-name')).toHaveText('Second Shop');
  await expect(page.getByText("Joe's Barbershop")).toHaveCount(0);

  // A client is sent to /.
  await page.goto('/api/logout');
  const clientEmail = uniqueEmail('client');
  const client = await signUp(clientEmail);
  await updateMe(client.access_token, { role: 'client', onboardingCompleted: true });
  await signInThroughModal(page, clientEmail);
  await page.goto(`/dashboard/owner/${first.shop.slug}`);
  await expect(page).not.toHaveURL(/\/dashboard\/owner\//);
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toHaveCount(0);
});

test('an id in the dashboard path becomes the slug; an owner without a shop gets the welcome card', async ({
  page,
}) => {
  const { shop } = await ownerOnDashboard(page);
  await page.goto(`/dashboard/owner/${shop.id}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${shop.slug}$`));

  await page.goto('/api/logout');
  const email = uniqueEmail('noshop');
  const session = await signUp(email);
  await updateMe(session.access_token, { role: 'owner', onboardingCompleted: true });
  await signInThroughModal(page, email);
  // The dashboard router keeps an owner without a shop on the generic dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Create Barbershop' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);
  await page.goto('/dashboard/owner/not-a-shop-of-mine');
  await expect(page.getByText("You don't have a barbershop yet. Let's create one to get started.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Shop' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Preview Site' })).toBeDisabled();
  await page.getByRole('link', { name: 'Create Your Shop' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
});

test('a barber sees the barber dashboard; the generic dashboard says No Shop Assigned', async ({ page }) => {
  const email = uniqueEmail('barberdash');
  const session = await signUp(email);
  await updateMe(session.access_token, { role: 'barber', onboardingCompleted: true });
  await signInThroughModal(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No Shop Assigned')).toBeVisible();

  await page.goto('/dashboard/barber/some-shop');
  await expect(page.getByRole('heading', { name: 'Barber Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage your schedule and appointments')).toBeVisible();
  // The six tools are links to the barber's own screens now (issue 26), no longer "Coming soon" buttons.
  const tools = page.getByRole('navigation', { name: 'Barber tools' });
  for (const label of ['My Calendar', 'My Services', 'Clients', 'Availability', 'Portfolio', 'Settings']) {
    await expect(tools.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  await expect(page.getByText('No upcoming appointments')).toBeVisible();

  // Not a barber: sent to /.
  await page.goto('/api/logout');
  await page.goto('/dashboard/barber/some-shop');
  await expect(page).toHaveURL(`http://localhost:${stackPort()}/`);
});

test("a change the api refuses shows 'Error' with the api's reason, and the list catches up", async ({ page }) => {
  const { shop, session } = await ownerOnDashboard(page);
  const created = await httpRequest<{ id: string }>(`/api/shops/${shop.id}/services`, {
    method: 'POST',
    token: session.access_token,
    body: { name: 'Hot Towel Shave', price: 35, durationMinutes: 40 },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Services' }).click();
  const list = page.getByRole('list', { name: 'Services' });
  await expect(list).toContainText('Hot Towel Shave');

  // Deleted in another session while this page still shows it.
  await httpRequest(`/api/shops/${shop.id}/services/${created.json.id}`, {
    method: 'DELETE',
    token: session.access_token,
  });
  await list.getByRole('button', { name: 'Edit Hot Towel Shave' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Service' });
  await edit.getByLabel('Price ($)').fill('40');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Error')).toContainText('Failed to update service. Please try again. Service not found');
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No Services Added')).toBeVisible();
});

test('on a 360 px phone the dashboard fits the screen and works by keyboard', async ({ page }) => {
  await ownerOnDashboard(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const tab of ['Overview', 'Services', 'Barbers', 'Appearance']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await fits(), `${tab} scrolls sideways`).toBe(true);
  }
  // Arrow keys move between tabs; Enter opens a dialog, Escape closes it and focus returns.
  await page.getByRole('tab', { name: 'Appearance' }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Barbers' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Barbers' })).toHaveAttribute('aria-selected', 'true');
  const add = page.getByRole('button', { name: 'Add Barber', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add New Barber' });
  await expect(dialog.getByLabel('Barber Name')).toBeFocused();
  expect(await fits()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('the dashboard router sends a signed-out visitor home at most 3 times, then says to sign in', async ({ page }) => {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(`http://localhost:${stackPort()}/`);
  }
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the generic dashboard lists a user's shops with their details, Manage Shop and Visit Site", async ({ page }) => {
  const email = uniqueEmail('lister');
  const session = await signUp(email);
  const slug = uniqueSlug('listed');
  await httpRequest('/api/shops', {
    method: 'POST',
    token: session.access_token,
    body: { name: 'Listed Cuts', slug, bio: 'Cuts for the whole family.', theme: 'minimalist' },
  });
  // Not an owner (yet): the dashboard router keeps them on the generic dashboard, which lists the shop.
  await updateMe(session.access_token, { role: 'client', onboardingCompleted: true });
  await signInThroughModal(page, email);
  await page.goto('/dashboard');
  const card = page.getByRole('listitem').filter({ hasText: 'Listed Cuts' });
  await expect(card).toContainText('Cuts for the whole family.');
  await expect(card).toContainText(`${slug}.localhost:${stackPort()}`);
  await expect(card).toContainText('Minimalist');
  await expect(card.getByRole('link', { name: 'Manage Shop' })).toHaveAttribute('href', `/dashboard/owner/${slug}`);
  const visit = card.getByRole('link', { name: 'Visit Site' });
  await expect(visit).toHaveAttribute('href', `/shop/${slug}`);
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Create New Shop' })).toHaveAttribute('href', '/onboarding');
});

test('opening hours: shown Monday to Sunday, edited in a dialog, saved for the public page', async ({ page }) => {
  const { shop } = await ownerOnDashboard(page);
  const hours = page.locator('dl[aria-label="Opening hours"]');
  await expect(hours).toContainText('Monday9:00 AM - 6:00 PM');
  await expect(hours).toContainText('SundayClosed');

  await page.getByRole('button', { name: 'Edit Hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Opening Hours' });
  // The wide dialog on a desktop screen: a week of times side by side, not squeezed into the narrow one.
  expect((await dialog.boundingBox())?.width).toBeGreaterThan(600);
  await dialog.getByLabel('Monday closed').check();
  await expect(dialog.getByLabel('Monday opening time')).toBeDisabled();
  await dialog.getByLabel('Saturday opening time').fill('16:00');
  await dialog.getByLabel('Saturday closing time').fill('10:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Saturday: Closing time must be after opening time')).toBeVisible();
  await dialog.getByLabel('Saturday opening time').fill('08:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Shop updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(hours).toContainText('MondayClosed');
  await expect(hours).toContainText('Saturday8:00 AM - 10:00 AM');

  const saved = await getShopPage(shop.slug);
  expect(saved.shop.hours_json.monday).toEqual({ open: '', close: '', closed: true });
  expect(saved.shop.hours_json.saturday).toEqual({ open: '08:00', close: '10:00', closed: false });
});
