/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { atBothSizes, DESKTOP, expectAccessible, PHONE } from '../support/a11y';
import { httpRequest, shopSubdomainUrl, signUpOwnerWithShop, uniqueEmail, uniqueSlug } from '../support/api';
import { mailedPath } from '../support/mail';
import { registerThroughModal } from '../support/ui';
import { book, hoursFromNow, shopInvitingSam, shopWithTeam, signInThroughModal } from './admin-booking-helpers';
import { bookableShop, expectStep, pickDate, shopDate, toDetailsStep } from './booking-helpers';

/**
 * An automated accessibility check (axe-core, WCAG 2.0/2.1 A and AA and WCAG 2.2 AA) of the product's main screens, at desktop
 * size and on a 360 px phone where the layout changes. A screen fails on any violation of impact serious or
 * critical; the message lists each rule, the selectors it matched and axe's help, so a failure says what to fix.
 * Checks are soft: one test reports every screen it visits, not only the first that fails.
 */

// Reveal and carousel animations end at once, so axe reads colours as a visitor sees them at rest.
test.use({ reducedMotion: 'reduce' });

test('landing page, the login modal and the admin 404', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await atBothSizes(page, 'landing page');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /menu/i }).click();
  await expectAccessible(page, 'landing page, mobile menu open');
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');

  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await expect(dialog).toBeVisible();
  await atBothSizes(page, 'login modal, Sign In');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Confirm Password')).toBeVisible();
  await expectAccessible(page, 'login modal, Register');
  // The messages a wrong form shows.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await expectAccessible(page, 'login modal, Register with errors');

  await page.goto('/no-such-page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await atBothSizes(page, "admin 'Page Not Found'");
});

test('onboarding: the role choice and every step of the owner wizard', async ({ page }) => {
  const email = uniqueEmail('a11y');
  await registerThroughModal(page, email);

  await expect(page.getByRole('button', { name: /I own a barbershop/ })).toBeVisible();
  await atBothSizes(page, 'onboarding, role choice');
  await page.getByRole('button', { name: /I own a barbershop/ }).click();

  await expect(page.getByRole('heading', { name: 'Choose your template' })).toBeVisible();
  await atBothSizes(page, 'wizard, template');
  await page.getByRole('radio', { name: /Minimalist/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  const slug = uniqueSlug('a11y');
  await page.getByLabel('Shop Name').fill('Access Cuts');
  await page.getByLabel('Shop URL').fill(slug);
  await expect(page.getByText(/is available/)).toBeVisible();
  await atBothSizes(page, 'wizard, details');
  await page.getByLabel('Shop URL').fill('A');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Slug must be at least 3 characters')).toBeVisible();
  await expectAccessible(page, 'wizard, details with errors');
  await page.getByLabel('Shop URL').fill(slug);
  await expect(page.getByText(/is available/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByLabel('Monday opening time')).toBeVisible();
  await atBothSizes(page, 'wizard, hours');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByLabel('Service Name')).toBeVisible();
  await expectAccessible(page, 'wizard, services (empty)');
  await page.getByLabel('Service Name').fill('Skin Fade');
  await page.getByLabel('Price ($)').fill('40');
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByRole('list', { name: 'Your services' })).toContainText('Skin Fade');
  await page.getByRole('radio', { name: /Yes, I cut hair here/ }).check();
  await page.getByLabel('Your name, as clients see it').fill('Ari Access');
  await atBothSizes(page, 'wizard, services');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review and launch' })).toBeVisible();
  await atBothSizes(page, 'wizard, review');
});

test('owner dashboard: every tab and its dialogs', async ({ page }) => {
  // The calendar (issue 25) is a button per free quarter hour of a shop open all day: axe reads a few hundred more
  // elements at both sizes, which on a loaded machine takes this journey past the default 90 s.
  test.setTimeout(180_000);
  const owner = await shopWithTeam('Access Owner Cuts');
  await book(owner.shop.slug, {
    serviceId: owner.service('Skin Fade').id,
    barberId: owner.barber('Sam Fade').id,
    start: hoursFromNow(3),
    name: 'Jordan Lee',
    email: 'jordan.lee@example.com',
  });
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-shop-name')).toBeVisible();

  for (const tab of ['Overview', 'Appointments', 'Services', 'Barbers', 'Appearance', 'Messages']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    if (tab === 'Appointments') await expect(page.getByText('Jordan Lee').first()).toBeVisible();
    if (tab === 'Services') await expect(page.getByText('Beard Trim')).toBeVisible();
    if (tab === 'Barbers') await expect(page.getByRole('heading', { name: 'Alex Clip' })).toBeVisible();
    await atBothSizes(page, `owner dashboard, ${tab}`);
  }

  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByRole('button', { name: 'Add Service' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add New Service' });
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Add Service' }).click();
  await expect(add.getByText('Service name must be at least 2 characters')).toBeVisible();
  await expectAccessible(page, "owner dashboard, 'Add New Service' dialog with errors");
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  await page.getByRole('tab', { name: 'Barbers' }).click();
  await page.getByRole('button', { name: 'Schedule for Sam Fade' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule for Sam Fade' });
  await expect(schedule).toBeVisible();
  await atBothSizes(page, "owner dashboard, a barber's schedule dialog");
  await page.keyboard.press('Escape');
  await expect(schedule).toBeHidden();

  // Custom domains (issue 16): the form, then a pending domain with the records to create.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const domains = page.getByRole('region', { name: 'Custom Domains' });
  await domains.getByRole('button', { name: 'Connect a domain' }).click();
  await domains.getByRole('textbox', { name: 'Domain' }).fill('not a domain');
  await domains.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(domains.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'owner dashboard, the domain form with an error');
  await domains.getByRole('textbox', { name: 'Domain' }).fill(`www.${owner.shop.slug}-access.com`);
  await domains.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(domains.getByRole('row').filter({ hasText: 'TXT' })).toBeVisible();
  await atBothSizes(page, 'owner dashboard, a pending custom domain with its records');

  await page.getByRole('button', { name: 'Assistant' }).click();
  const assistant = page.getByRole('dialog', { name: 'Assistant' });
  await expect(assistant.getByRole('button', { name: 'Next walk-in gap' })).toBeVisible();
  await atBothSizes(page, "owner dashboard, the assistant's panel");
  await page.keyboard.press('Escape');
  await expect(assistant).toBeHidden();

  await page.getByRole('button', { name: 'Edit Shop' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Shop Details' });
  await expect(edit).toBeVisible();
  await atBothSizes(page, "owner dashboard, 'Edit Shop Details' dialog");
});

test('barber dashboard', async ({ page }) => {
  const email = uniqueEmail('a11ysam');
  const { owner, code } = await shopInvitingSam('Access Team Cuts', email);

  await registerThroughModal(page, email);
  await page.getByRole('button', { name: /I'm a barber/ }).click();
  await expect(page.getByRole('heading', { name: 'Join your barbershop' })).toBeVisible();
  await atBothSizes(page, 'onboarding, barber join');
  await page.getByLabel('Your name').fill('Sam Fade');
  await page.getByLabel('Shop Code').fill(code);
  await page.getByRole('button', { name: 'Join Shop' }).click();
  await expect(page.getByText(/We sent a link to that address/)).toBeVisible();
  await page.goto(await mailedPath(email, /\/join\/[A-Za-z0-9_-]+/));
  await expect(page.getByRole('heading', { name: 'Join Access Team Cuts' })).toBeVisible();
  await atBothSizes(page, 'barber invite link');
  await page.getByRole('button', { name: 'Join Access Team Cuts' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${owner.shop.slug}$`));
  await expect(page.getByRole('list', { name: 'Upcoming appointments' })).toContainText('Jordan Lee');
  await atBothSizes(page, 'barber dashboard');
});

for (const theme of ['classic', 'urban', 'minimalist'] as const) {
  test(`demo shop page: ${theme}`, async ({ page }) => {
    await page.goto(`/demo/shop/${theme}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atBothSizes(page, `${theme} demo, services tab`);
    const tabs = page.getByRole('tab');
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await atBothSizes(page, `${theme} demo, barbers tab`);
  });
}

test("a real shop on its subdomain, in light, dark and mid-tone owners' colours", async ({ page }) => {
  for (const [theme, primaryColor] of [
    ['urban', '#FACC15'],
    ['urban', '#1E293B'],
    ['urban', '#E11D48'],
    ['classic', '#FDE68A'],
    ['classic', '#7A7A7A'],
    ['minimalist', '#1E293B'],
    ['minimalist', '#0D9488'],
  ] as const) {
    const owner = await signUpOwnerWithShop({
      name: `Access ${theme}`,
      slug: uniqueSlug('a11yshop'),
      theme,
      bio: 'Fades and designs.',
      address: '88 Canal Street, Brooklyn',
      phoneNumber: '(718) 555-0199',
      primaryColor,
      branding_json: { font: 'Inter', features: ['Open late', 'Walk-ins welcome'] },
      services: [{ name: 'Skin Fade', description: 'Bald fade.', price: 40, durationMinutes: 45 }],
    });
    await page.goto(shopSubdomainUrl(owner.shop.slug));
    await expect(page.getByRole('heading', { level: 1, name: `Access ${theme}` })).toBeVisible();
    await atBothSizes(page, `${theme} shop page in ${primaryColor}`);
  }
});

test('the booking flow on the classic theme, its manage page and the storefront 404', async ({ page }) => {
  const shop = await bookableShop('classic', 'Access booking');
  const site = shopSubdomainUrl(shop.slug);
  await page.goto(`${site}/book`);

  await expect(page.getByRole('heading', { level: 2, name: 'Choose your services' })).toBeVisible();
  await atBothSizes(page, 'booking, service');
  await page.getByRole('checkbox', { name: /Skin Fade/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectStep(page, 'Choose a barber');
  await atBothSizes(page, 'booking, barber');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectStep(page, 'Pick a date and time');
  await pickDate(page, shopDate(2));
  await expect(page.getByRole('radio').first()).toBeVisible();
  await atBothSizes(page, 'booking, time');
  await page.getByRole('radio', { name: '6:00 AM', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectStep(page, 'Your details');
  await atBothSizes(page, 'booking, details');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'booking, details with errors');
  await page.getByLabel('Name').fill('Ann Lee');
  await page.getByLabel('Email').fill('ann.lee@example.com');
  await page.getByLabel('Phone').fill('(718) 555-0100');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectStep(page, 'Review and confirm');
  await atBothSizes(page, 'booking, review');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeFocused();
  await atBothSizes(page, 'booking, confirmation');

  await page.locator('[data-manage-link]').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your appointment' })).toBeVisible();
  await atBothSizes(page, 'manage page');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expectStep(page, 'Cancel this appointment?');
  await expectAccessible(page, 'manage page, cancel confirmation');
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.locator('[data-appointment-status]')).toHaveText('Cancelled');
  await expectAccessible(page, 'manage page, cancelled');

  await page.goto('/shop/no-such-shop-a11y');
  await expect(page.getByText('Shop Not Found')).toBeVisible();
  await atBothSizes(page, "storefront 'Shop Not Found'");
});

for (const theme of ['classic', 'urban', 'minimalist'] as const) {
  test(`${theme}: the reminder choice and its consent in the booking details (issue 15)`, async ({ page }) => {
    const shop = await bookableShop(theme, `Texting ${theme}`);
    const enabled = await httpRequest(`/api/shops/${shop.id}/messaging`, {
      method: 'PATCH',
      token: shop.ownerToken,
      body: { smsEnabled: true, whatsappEnabled: true },
    });
    expect(enabled.status, enabled.text).toBe(200);
    await toDetailsStep(page, `${shopSubdomainUrl(shop.slug)}/book`, {
      date: shopDate(2),
      time: '6:00 AM',
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      phone: '(718) 555-0100',
    });
    await page.getByRole('radio', { name: 'WhatsApp' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Agree to receive texts, or choose e-mail')).toBeVisible();
    await atBothSizes(page, `${theme} booking details, text reminders with the consent error`);
  });
}
