import { describe, expect, it } from 'vitest';
import { shopPage } from '../test/fixtures';
import { buildShopView } from './shop-view';

/** Issue 25: the shop page lists the shop's closures and other hours of the next 14 days, by the shop's clock. */
describe('buildShopView: special days', () => {
  const page = (specialDays: unknown, timeZone = 'America/New_York') => {
    const base = shopPage('joes');
    return { ...base, shop: { ...base.shop, timeZone }, specialDays };
  };
  const lines = (p: unknown, now: string) => {
    const result = buildShopView(p, { now: new Date(now), canonicalUrl: 'http://joes.localhost:3000/', homeUrl: '/' });
    if (result.kind !== 'ok') throw new Error('expected a complete shop');
    return result.view.specialDays;
  };

  it('says each upcoming one in words, in date order, and leaves out the past and the far', () => {
    const days = [
      { date: '2026-12-25', closed: true, open: null, close: null, reason: 'Christmas Day' },
      { date: '2026-12-24', closed: false, open: '10:00', close: '14:00', reason: 'Christmas Eve' },
      { date: '2027-01-04', closed: true, open: null, close: null, reason: 'Stocktaking' },
      { date: '2026-12-20', closed: true, open: null, close: null, reason: '' },
    ];
    // 02:00 UTC on the 21st is still the 20th in New York: the 20th is today and shown.
    expect(lines(page(days), '2026-12-21T02:00:00Z')).toEqual([
      'Closed on Sunday, December 20',
      'Open 10:00 AM - 2:00 PM on Thursday, December 24 (Christmas Eve)',
      'Closed on Friday, December 25 (Christmas Day)',
    ]);
    expect(lines(page(days), '2026-12-22T12:00:00Z')).toEqual([
      'Open 10:00 AM - 2:00 PM on Thursday, December 24 (Christmas Eve)',
      'Closed on Friday, December 25 (Christmas Day)',
      'Closed on Monday, January 4 (Stocktaking)',
    ]);
  });

  it('ignores what is not a special day, and a page without any', () => {
    expect(
      lines(
        page([{ date: 'soon', closed: true }, { date: '2026-12-24', closed: false }, null]),
        '2026-12-20T12:00:00Z',
      ),
    ).toEqual([]);
    expect(lines(page(undefined), '2026-12-20T12:00:00Z')).toEqual([]);
  });
});
