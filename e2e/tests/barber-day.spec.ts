/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { atBothSizes, DESKTOP, PHONE } from '../support/a11y';
import { baseURL, httpRequest, signUp, uniqueEmail } from '../support/api';
import { registerThroughModal } from '../support/ui';
import { shopWithTeam, signInThroughModal, toast } from './admin-booking-helpers';

/**
 * Issue 26 on a phone: a barber joins with the shop's code and gives their name, finds their screens behind the six
 * tiles (axe on each, phone and desktop), uploads a photo of their work with a caption, and sees it on the shop's
 * page with the caption as its alt text.
 */
test.use({ viewport: PHONE, hasTouch: true });

/** axe at both sizes, then back on the phone. */
async function checked(page: Page, screen: string) {
  await atBothSizes(page, screen);
  await page.setViewportSize(PHONE);
}

test('a barber joins with their name, uploads a photo and sees it on the shop page', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await shopWithTeam('Phone Cuts');
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });

  // Signing up is the landing page's (desktop here: its phone menu is another spec's); the rest on the phone.
  await page.setViewportSize(DESKTOP);
  await registerThroughModal(page, uniqueEmail('tony'));
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: /I'm a barber/ }).click();
  await expect(page.getByRole('heading', { name: 'Join your barbershop' })).toBeVisible();
  await page.getByLabel('Your name').fill('Tony Blade');
  await page.getByLabel('Shop Code').fill(code.json.code);
  await page.getByRole('button', { name: 'Join Shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/barber/${owner.shop.slug}$`));
  await expect(page.getByTestId('barber-shop-name')).toHaveText('Tony Blade · Phone Cuts');
  const tools = page.getByRole('navigation', { name: 'Barber tools' });
  await expect(tools).not.toContainText('Coming soon');
  await checked(page, 'barber dashboard');

  // Every tool opens a screen of its own.
  await tools.getByRole('link', { name: 'My Calendar' }).click();
  // The shop's calendar for their own chair (issue 26 item 1, decision 0187).
  await expect(page.getByRole('toolbar', { name: 'Calendar' })).toBeVisible();
  await checked(page, 'my calendar');
  await tools.getByRole('link', { name: 'My Services' }).click();
  await expect(page.getByText('Skin Fade')).toBeVisible();
  await expect(page.getByText('Ask the shop owner to let you set your own.')).toBeVisible();
  await checked(page, 'my services');
  await tools.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('region', { name: 'Clients' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checked(page, 'clients');
  await tools.getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { name: 'My Schedule' })).toBeVisible();
  await checked(page, 'availability');
  await tools.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Instagram handle')).toBeVisible();
  await page.getByLabel('Instagram handle').fill('@tony.cuts');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile saved')).toBeVisible();
  await page.getByRole('button', { name: 'Make my calendar address' }).click();
  await expect(page.getByLabel(/Your calendar address/)).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await checked(page, 'settings');

  // The portfolio: empty, then one photo with a caption.
  await tools.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByText('No photos yet.')).toBeVisible();
  await checked(page, 'portfolio, empty');
  const photo = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: 120, g: 70, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Add a photo').setInputFiles({ name: 'fade.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toast(page, 'Photo added')).toBeVisible();
  const mine = page.getByRole('list', { name: 'My photos' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await mine.getByLabel('Caption').fill('Mid fade, fresh');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Caption saved')).toBeVisible();
  await checked(page, 'portfolio');

  // On the shop's page: on Tony's card and in the gallery, the caption as alt text.
  await page.goto(`/shop/${owner.shop.slug}`);
  // The tabs work once the page's script has run: click until the barbers' tab is selected.
  const barbersTab = page.getByRole('tab', { name: 'Our Barbers' });
  await expect(async () => {
    await barbersTab.click();
    await expect(barbersTab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const gallery = page.getByRole('list', { name: "Tony Blade's portfolio" });
  const picture = gallery.getByRole('img', { name: 'Mid fade, fresh' });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Work by Tony Blade' }).getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('link', { name: '@tony.cuts' })).toBeVisible();
});

test('the owner sees who joined, decides what barbers may do, and hides a photo', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await shopWithTeam('Owner Rules Cuts');
  const code = await httpRequest<{ code: string }>(`/api/shops/${owner.shop.id}/join-code`, {
    token: owner.session.access_token,
  });
  const barber = await signUp(uniqueEmail('rico'));
  const joined = await httpRequest<{ barber: { id: string } }>('/api/barbers/join', {
    method: 'POST',
    token: barber.access_token,
    body: { code: code.json.code, name: 'Rico Blade' },
  });
  expect(joined.status, joined.text).toBe(200);
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cut.jpg');
  const uploaded = await fetch(new URL('/api/my/portfolio', baseURL()), {
    method: 'POST',
    headers: { authorization: `Bearer ${barber.access_token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const ownServices = () =>
    httpRequest('/api/my/services', {
      method: 'PUT',
      token: barber.access_token,
      body: { services: [{ serviceId: owner.service('Skin Fade').id, durationMinutes: 50, price: 45 }] },
    });
  expect((await ownServices()).status).toBe(403);

  await page.setViewportSize(DESKTOP);
  await signInThroughModal(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${owner.shop.slug}$`));
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Barbers' }).click();
  const rules = page.getByRole('table', { name: "Each barber's permissions" });
  await expect(rules.getByRole('rowheader', { name: /Rico Blade/ })).toContainText('Joined');
  await expect(rules.getByRole('rowheader', { name: /Sam Fade/ })).toContainText('Not joined yet');
  await rules.getByLabel('Rico Blade: Edit their own services and prices').selectOption('on');
  await expect.poll(async () => (await ownServices()).status).toBe(200);

  const photos = page.getByRole('list', { name: "Barbers' photos" });
  await photos.getByRole('button', { name: /Hide/ }).click();
  await expect(photos.getByRole('button', { name: /Show/ })).toBeVisible();
  const visible = await httpRequest<unknown[]>(
    `/api/shops/${owner.shop.slug}/barbers/${joined.json.barber.id}/portfolio`,
  );
  expect(visible.json).toEqual([]);
  await checked(page, "owner's barbers tab");
});
