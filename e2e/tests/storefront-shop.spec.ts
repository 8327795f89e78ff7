import { expect, type Page, test } from '@playwright/test';
import { appUrl, httpRequest, shopSubdomainUrl, signUpOwnerWithShop, uniqueSlug } from '../support/api';

/** An owner's call to the api through the proxy, insisting on success. */
async function expectOk(method: string, path: string, options: { token: string; body: unknown }) {
  const result = await httpRequest(path, { method, ...options });
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300);
  return result.json;
}

/** Console errors and uncaught exceptions a visitor's browser would log. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function ownerWithUrbanShop() {
  const owner = await signUpOwnerWithShop({
    name: 'Concrete Fades',
    slug: uniqueSlug('fades'),
    theme: 'urban',
    bio: 'Fades and designs, late nights.',
    address: '88 Canal Street, Brooklyn',
    phoneNumber: '(718) 555-0199',
    primaryColor: '#E11D48',
    branding_json: { font: 'Inter', features: ['Open late', 'Walk-ins welcome'] },
    services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
  });
  const token = owner.session.access_token;
  await expectOk('POST', `/api/shops/${owner.shop.id}/barbers`, {
    token,
    body: { name: 'Tasha Kim', bio: 'Colour and texture.' },
  });
  return owner;
}

test('a shop opens on its own subdomain, server-rendered, and its tabs switch by mouse and keyboard', async ({
  page,
}) => {
  const { shop } = await ownerWithUrbanShop();
  const errors = watchErrors(page);

  const response = await page.goto(shopSubdomainUrl(shop.slug));
  expect(response?.status()).toBe(200);
  // Server-rendered: the shop is in the first HTML, styles included.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('Concrete Fades');
  expect(html).toMatch(/<style data-styled/);

  await expect(page).toHaveTitle('Concrete Fades | Modern Haircuts & Styling');
  await expect(page.getByRole('heading', { level: 1, name: 'Concrete Fades' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Open late')).toBeVisible();

  const services = page.getByRole('tab', { name: 'Services' });
  const artists = page.getByRole('tab', { name: 'Artists' });
  await expect(services).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Skin Fade')).toBeVisible();
  await expect(page.getByText('Tasha Kim')).toBeHidden();

  await artists.click();
  await expect(artists).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Tasha Kim')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book with Tasha' })).toBeVisible();
  await expect(page.getByText('Skin Fade')).toBeHidden();

  await artists.press('ArrowLeft');
  await expect(services).toBeFocused();
  await expect(services).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Skin Fade')).toBeVisible();

  // A service's book button opens the shop's booking page with that service chosen (booking-*.spec.ts go on).
  await page.getByRole('link', { name: 'Book This Style: Skin Fade' }).click();
  await expect(page).toHaveURL(new RegExp(`^${shopSubdomainUrl(shop.slug)}/book\\?service=`));
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a barber' })).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test("an owner's edit through the api shows on the next load, on the subdomain and on /shop/{slug}", async ({
  page,
}) => {
  const { shop, session } = await ownerWithUrbanShop();
  await page.goto(shopSubdomainUrl(shop.slug));
  await expect(page).toHaveTitle('Concrete Fades | Modern Haircuts & Styling');
  await page.goto(appUrl(`/shop/${shop.slug}`));
  await expect(page).toHaveTitle('Concrete Fades | Modern Haircuts & Styling');

  await expectOk('PATCH', `/api/shops/${shop.id}`, {
    token: session.access_token,
    body: { name: 'Concrete Fades Studio', theme: 'minimalist' },
  });
  await expectOk('POST', `/api/shops/${shop.id}/services`, {
    token: session.access_token,
    body: { name: 'Line-Up', description: 'Crisp edges.', price: 15, durationMinutes: 15 },
  });

  await page.reload();
  await expect(page).toHaveTitle('Concrete Fades Studio | Book Online');
  await expect(page.getByText('Line-Up')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visit Us' })).toBeVisible();
  await page.goto(shopSubdomainUrl(shop.slug));
  await expect(page).toHaveTitle('Concrete Fades Studio | Book Online');
  await expect(page.getByRole('tab', { name: 'Our Team' })).toBeVisible();
});

test("an unknown shop answers 404 with 'Shop Not Found' and Go Home", async ({ page }) => {
  const errors = watchErrors(page);
  const slug = uniqueSlug('nobody');
  const onSubdomain = await page.goto(shopSubdomainUrl(slug));
  expect(onSubdomain?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Shop Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find this barbershop.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', appUrl('/'));

  const onPath = await page.goto(appUrl(`/shop/${slug}`));
  expect(onPath?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Shop Not Found' })).toBeVisible();
  // The browser logs the 404 document itself as a failed resource; nothing else may fail.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

for (const [theme, bookLabel, barbersTab] of [
  ['classic', 'Book Appointment', 'Our Barbers'],
  ['urban', 'Book Now', 'Artists'],
  ['minimalist', 'Book an Appointment', 'Our Team'],
] as const) {
  test(`the ${theme} demo renders its sample shop on a 360 px phone without sideways scrolling`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(appUrl(`/demo/shop/${theme}`));
    await expect(page.getByRole('button', { name: bookLabel, exact: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: barbersTab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
