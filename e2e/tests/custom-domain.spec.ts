/// <reference lib="dom" />
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startTestDns, type TestDns } from '../../api/src/modules/domains/test-dns.test-helper';
import { signUpOwnerWithShop, stackPort, uniqueSlug } from '../support/api';
import { STACK_ENV } from '../support/stack';
import { signInThroughModal } from '../support/ui';

// The domain the owner connects: Chromium sends it to the stack on loopback, as DNS would once the CNAME is live.
const hostname = `www.fades-${crypto.randomBytes(4).toString('hex')}.com`;
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-quic',
      `--host-resolver-rules=MAP ${hostname} 127.0.0.1`,
    ],
  },
});

let dns: TestDns;
test.beforeAll(async () => {
  // The api's DNS_RESOLVER points here (global-setup); the records exist once this test publishes them.
  dns = await startTestDns(Number(process.env[STACK_ENV.dnsPort]));
});
test.afterAll(async () => {
  await dns?.close();
});

test('an owner connects a domain: the records to create, verified once DNS answers, and the shop served there', async ({
  page,
}) => {
  const owner = await signUpOwnerWithShop({ name: 'Own Address Barbers', slug: uniqueSlug('own') });
  await signInThroughModal(page, owner.email);
  await expect(page.getByRole('heading', { name: 'Shop Owner Dashboard' })).toBeVisible();

  const domains = page.getByRole('region', { name: 'Custom Domains' });
  await expect(
    domains.getByText("Use your own address, like www.yourshop.com. We'll show you the DNS records to add."),
  ).toBeVisible();
  await domains.getByRole('button', { name: 'Connect a domain' }).click();
  await domains.getByRole('textbox', { name: 'Domain' }).fill(`https://${hostname.toUpperCase()}/`);
  await domains.getByRole('button', { name: 'Connect', exact: true }).click();

  // The records to create, exactly: a CNAME to the shop's subdomain and the TXT with this domain's token.
  const item = domains.getByRole('listitem').filter({ hasText: hostname });
  await expect(item.getByText('Pending')).toBeVisible();
  const rows = item.getByRole('row');
  await expect(rows.filter({ hasText: 'CNAME' })).toContainText(`${owner.shop.slug}.localhost`);
  const txtRow = rows.filter({ hasText: 'TXT' });
  await expect(txtRow).toContainText(`_barberly.${hostname}`);
  const txtValue = (await txtRow.getByText(/^barberly-verify=/).textContent())?.trim() ?? '';
  expect(txtValue).toMatch(/^barberly-verify=[0-9a-f]{32}$/);

  // Checked before the records exist: still pending, and it says what is missing.
  await item.getByRole('button', { name: 'Check now' }).click();
  await expect(item.getByText(`TXT record _barberly.${hostname} not found yet`)).toBeVisible();
  await expect(item.getByText('Pending')).toBeVisible();

  // The owner creates the records at their provider; the next check sees them.
  dns.set(`_barberly.${hostname}`, [{ type: 'TXT', data: txtValue }]);
  dns.set(hostname, [{ type: 'CNAME', domain: `${owner.shop.slug}.localhost` }]);
  await item.getByRole('button', { name: 'Check now' }).click();
  await expect(item.getByText('Active')).toBeVisible();
  await expect(item.getByText('Your site is live at')).toBeVisible();
  await expect(item.getByRole('table')).toHaveCount(0);

  // The shop at its own address, with its links there; its subdomain now leads to it.
  await page.goto(`http://${hostname}:${stackPort()}/`);
  await expect(page.getByRole('heading', { name: 'Own Address Barbers' }).first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://${hostname}:${stackPort()}/`);
  await page.goto(`http://${owner.shop.slug}.localhost:${stackPort()}/`);
  await expect(page).toHaveURL(`http://${hostname}:${stackPort()}/`);

  // Removed: the domain no longer serves the shop (through the front door), and the subdomain is the site again.
  await page.goto('/dashboard');
  const connected = page
    .getByRole('region', { name: 'Custom Domains' })
    .getByRole('listitem')
    .filter({ hasText: hostname });
  await connected.getByRole('button', { name: `Remove ${hostname}` }).click();
  await connected.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('region', { name: 'Custom Domains' }).getByText(hostname)).toHaveCount(0);
  await page.goto(`http://${hostname}:${stackPort()}/`);
  await expect(page.getByRole('heading', { name: 'This domain is not connected' })).toBeVisible();
  await expect(page.getByText('Own Address Barbers')).toHaveCount(0);
  await page.goto(`http://${owner.shop.slug}.localhost:${stackPort()}/`);
  await expect(page.getByRole('heading', { name: 'Own Address Barbers' }).first()).toBeVisible();
});
