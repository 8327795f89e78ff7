// @vitest-environment jsdom
import { THEMES } from '@barberly/common';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildShopView } from '../lib/shop-view';
import { shopPage } from '../test/fixtures';
import { ShopPage } from './shop-page';

afterEach(cleanup);

/** Issue 25: the shop page says its upcoming closures under its hours, in each of the three themes. */
describe('special days on the shop page', () => {
  it.each(THEMES)('%s shows "Closed on Friday, December 25 (Christmas Day)" with the hours', (theme) => {
    const page = {
      ...shopPage('joes', { theme, shop: { timeZone: 'America/New_York' } }),
      specialDays: [{ date: '2026-12-25', closed: true, open: null, close: null, reason: 'Christmas Day' }],
    };
    const built = buildShopView(page, {
      now: new Date('2026-12-20T15:00:00Z'),
      canonicalUrl: 'http://joes.localhost/',
      homeUrl: '/',
      bookUrl: '/book',
    });
    if (built.kind !== 'ok') throw new Error('fixture incomplete');
    render(<ShopPage view={built.view} />);
    const list = screen.getByRole('list', { name: 'Special days' });
    expect(within(list).getByText('Closed on Friday, December 25 (Christmas Day)')).toBeTruthy();
  });
});
