import { describe, expect, it } from 'vitest';
import { clientListUrl } from '../../../lib/client-queries';
import { clientFormatters, formatInterval } from './format';

describe('clientFormatters', () => {
  it('writes times on the 12-hour clock in the shop zone by default (en-US)', () => {
    const format = clientFormatters({ timeZone: 'America/New_York' });
    // ICU versions differ on the space before AM (plain or narrow no-break).
    expect(format.dateTime('2026-06-02T12:30:00.000Z')).toMatch(/^Jun 2, 2026, 8:30\s?AM$/);
    expect(format.money(25, 'USD')).toBe('$25.00');
  });

  it('writes a 24-hour clock when the shop asks for one', () => {
    const format = clientFormatters({ timeZone: 'America/New_York', clock: '24h' });
    expect(format.dateTime('2026-06-02T22:30:00.000Z')).toBe('Jun 2, 2026, 18:30');
  });

  it("gives an instant's day in the shop's zone, not the browser's", () => {
    const format = clientFormatters({ timeZone: 'Asia/Tokyo' });
    // 20:00 UTC on May 10 is 05:00 on May 11 in Tokyo.
    expect(format.date('2026-05-10T20:00:00.000Z')).toBe('May 11, 2026');
  });

  it('writes a calendar day as that day in any zone', () => {
    expect(clientFormatters({ timeZone: 'Pacific/Honolulu' }).calendarDate('2026-03-22')).toBe('Mar 22, 2026');
    expect(clientFormatters({ timeZone: 'Pacific/Kiritimati' }).calendarDate('2026-03-22')).toBe('Mar 22, 2026');
  });
});

describe('formatInterval', () => {
  it('says the rhythm in days, or a dash without one', () => {
    expect(formatInterval(28)).toBe('Every 28 days');
    expect(formatInterval(1)).toBe('Every day');
    expect(formatInterval(null)).toBe('—');
  });
});

describe('clientListUrl', () => {
  it('sends q only when there is one, and no sort for due back (the api orders it)', () => {
    const shop = 's1';
    expect(clientListUrl(shop, { q: ' ', filter: 'all', sort: 'name', page: 1 })).toBe(
      '/api/shops/s1/clients?filter=all&sort=name&page=1',
    );
    expect(clientListUrl(shop, { q: 'ana silva', filter: 'due', sort: 'name', page: 2 })).toBe(
      '/api/shops/s1/clients?q=ana+silva&filter=due&page=2',
    );
  });
});
