import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AnalyticsReport, ClientList } from '@barberly/common';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { httpRequest, signIn } from '../support/api';
import { repoRoot, STACK_ENV, testDatabaseUrl } from '../support/stack';
import { signInThroughModal } from '../support/ui';

/**
 * Issue 13: a newcomer runs `npm run seed:demo` against the stack's database, signs in as the owner it prints, finds
 * a regular on the Clients tab, leaves a note, and reads the Analytics tab, switching periods; at desktop and phone
 * size, with axe on both tabs.
 */

const run = promisify(execFile);

interface DemoShop {
  email: string;
  password: string;
  slug: string;
}

/** The real command, on the stack's database; its printed login is what a newcomer would use. */
async function seedDemo(seed: number): Promise<DemoShop> {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${process.env[STACK_ENV.databaseName]}`;
  const { stdout } = await run('npm', ['run', '--silent', 'seed:demo', '--', '--seed', String(seed)], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url.toString() },
    timeout: 120_000,
  });
  const email = /Owner:\s+(\S+)/.exec(stdout)?.[1];
  const password = /Password:\s+(\S+)/.exec(stdout)?.[1];
  const slug = /Demo shop ready: .*\(([a-z0-9-]+)\)/.exec(stdout)?.[1];
  if (!email || !password || !slug) throw new Error(`seed:demo printed no login:\n${stdout}`);
  return { email, password, slug };
}

const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, seed: 42 },
  { name: 'phone', viewport: { width: 390, height: 844 }, seed: 7 },
]) {
  test(`the owner finds a regular, notes them, and reads the numbers (${size.name})`, async ({ page }) => {
    const demo = await seedDemo(size.seed);
    // What the api says, to hold the screen to: the top regular and the last 12 months' revenue.
    const session = await signIn(demo.email, demo.password);
    const token = session.access_token;
    const shops = await httpRequest<Array<{ id: string; slug: string }>>('/api/my/shops', { token });
    const shopId = shops.json.find((s) => s.slug === demo.slug)?.id;
    expect(shopId).toBeTruthy();
    const regulars = await httpRequest<ClientList>(`/api/shops/${shopId}/clients?sort=visits`, { token });
    const regular = regulars.json.clients[0]!;
    expect(regular.visits).toBeGreaterThanOrEqual(4);

    await signInThroughModal(page, demo.email, demo.password);
    await expect(page).toHaveURL(new RegExp(`/dashboard/owner/${demo.slug}$`));
    await page.setViewportSize(size.viewport);

    // Clients: search by the start of their name, open them, leave a note.
    await openTab(page, 'Clients');
    await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
    await expectAccessible(page, `Clients tab, ${size.name}`);
    const search = page.getByLabel('Search clients');
    await search.fill(regular.name.split(' ')[0]!.slice(0, 4));
    await page.getByRole('button', { name: regular.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: regular.name, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Appointment history' })).toBeVisible();
    const note = `Likes it short on top (${size.name})`;
    await page.getByLabel('Add a note').fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' }).getByText(note)).toBeVisible();
    await expectAccessible(page, `client page, ${size.name}`);
    // The note is kept: the api has it too.
    const detail = await httpRequest<{ notes: Array<{ body: string }> }>(`/api/shops/${shopId}/clients/${regular.id}`, {
      token,
    });
    expect(detail.json.notes.map((n) => n.body)).toContain(note);

    // Due back leads with those due now, each with a one-line "Send rebook link"; the long gone are under Lapsed.
    await page.getByRole('button', { name: /Back/ }).first().click();
    await expect(search).toHaveValue(regular.name.split(' ')[0]!.slice(0, 4));
    await search.fill('');
    await page.getByRole('button', { name: 'Due back', exact: true }).click();
    const dueTable = page.getByRole('table', { name: 'Clients due back or lapsed' });
    const rebook = dueTable.getByRole('button', { name: /^Send rebook link to / }).first();
    await expect(rebook).toBeVisible();
    const due = await httpRequest<ClientList>(`/api/shops/${shopId}/clients?filter=due`, { token });
    await expect(page.getByText(`${due.json.total} clients due back, those due now first`)).toBeVisible();
    // One line: no taller than the button's own padding around a single line of text.
    expect((await rebook.boundingBox())!.height).toBeLessThan(40);
    await expectAccessible(page, `Clients due back, ${size.name}`);
    await page.getByRole('button', { name: 'Lapsed', exact: true }).click();
    await expect(page.getByText(/clients lapsed: overdue by more than three usual intervals/)).toBeVisible();
    await expect(dueTable.getByText('Lapsed', { exact: true }).first()).toBeVisible();

    // Analytics: the seeded year shows, and switching periods changes the figures to the api's.
    await openTab(page, 'Analytics');
    const revenue = page.getByRole('region', { name: 'Revenue' }).locator('[data-kpi-value]');
    const month = await httpRequest<AnalyticsReport>(`/api/shops/${shopId}/analytics?period=30d`, { token });
    await expect(revenue).toHaveText(money(month.json.current.revenue));
    await expectAccessible(page, `Analytics tab, ${size.name}`);
    // The period control is a row of radios drawn as buttons: a person presses the label.
    await page.locator('label').filter({ hasText: 'Last 12 months' }).click();
    await expect(page.getByRole('radio', { name: 'Last 12 months' })).toBeChecked();
    const year = await httpRequest<AnalyticsReport>(`/api/shops/${shopId}/analytics?period=12m`, { token });
    expect(year.json.current.revenue).toBeGreaterThan(month.json.current.revenue);
    await expect(revenue).toHaveText(money(year.json.current.revenue));
    await expect(page.getByRole('table', { name: /utilisation/i })).toBeAttached();
    // The shop opened within the previous 12 months: no change against them, "New" instead (never a huge percent).
    expect(year.json.comparison).toBe('new');
    await expect(page.getByRole('region', { name: 'Revenue' })).toContainText(
      'New: not open for all of the previous 12 months',
    );
    await expect(page.getByRole('region', { name: 'Retention' })).toContainText('came back for another within 6 weeks');
    await expectAccessible(page, `Analytics tab, 12 months, ${size.name}`);
  });
}
