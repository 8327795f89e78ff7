/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.0/2.1 A and AA and WCAG 2.2 AA): a screen fails on any violation of impact serious or critical;
 * the message lists each rule, the selectors it matched and axe's help, so a failure says what to fix. Checks are
 * soft: one test reports every screen it visits, not only the first that fails.
 */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 720 };

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per rule, then each element it matched with axe's summary of what to change. */
function explain(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const summary = n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : '';
        return `    ${n.target.join(' ')}${summary}`;
      });
      return [`- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes].join('\n');
    })
    .join('\n');
}

/**
 * Toasts (sonner) slide in over 400 ms, and a newer one pushes the older ones behind it, faded, until they expire:
 * axe then measures a half-transparent text. A person reads the toast once it has arrived, so the check waits for
 * the toasts to settle: no toast behind the front one, and the front one in place.
 */
async function toastsSettled(page: Page) {
  const unsettled = () =>
    page.evaluate(() => {
      const toasts = [...document.querySelectorAll('[data-sonner-toast]')];
      const behind = toasts.filter(
        (t) => t.getAttribute('data-front') !== 'true' && t.getAttribute('data-removed') !== 'true',
      );
      // A toast on its way out (data-removed) fades for 200 ms before it unmounts: axe would read it half gone.
      const leaving = toasts.some((t) => t.getAttribute('data-removed') === 'true');
      return behind.length > 0 || leaving || toasts.some((t) => t.getAttribute('data-mounted') !== 'true');
    });
  if (await unsettled()) {
    // Sonner holds its toasts while the pointer rests on them (they sit under the header, where buttons were just
    // clicked): the pointer moves to a corner, as a person's hand moves on, and the toasts run out.
    const size = page.viewportSize();
    if (size) await page.mouse.move(size.width - 1, size.height - 1);
    const deadline = Date.now() + 12_000;
    while (Date.now() < deadline && (await unsettled())) await page.waitForTimeout(250);
  }
  // The front toast slides in over 400 ms after it mounts.
  if (await page.locator('[data-sonner-toast]').count()) await page.waitForTimeout(450);
}

/** Toasts on screen and not leaving. */
const liveToasts = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])').length);

export async function expectAccessible(page: Page, screen: string) {
  await toastsSettled(page);
  const analyze = () => new AxeBuilder({ page }).withTags(TAGS).analyze();
  const before = await liveToasts(page);
  let results = await analyze();
  // A toast that runs out while axe works (axe takes a second or two, a toast lives four) is measured mid-fade: the
  // calendar's check once read a leaving toast's text at 1.02:1. When one left during the check, the page is checked
  // again once the toasts have settled; a toast that stays is still measured as a person sees it.
  if (before > 0 && (await liveToasts(page)) < before) {
    await toastsSettled(page);
    results = await analyze();
  }
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const where = `${screen} (${page.url()}, ${page.viewportSize()?.width} px)`;
  expect
    .soft(
      blocking.map((v) => `${v.id} (${v.nodes.length})`),
      `${where}:\n${explain(blocking)}`,
    )
    .toEqual([]);
}

/** Each screen at desktop size, then again on a phone. */
export async function atBothSizes(page: Page, screen: string) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${screen}, desktop`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${screen}, phone`);
  await page.setViewportSize(DESKTOP);
}
