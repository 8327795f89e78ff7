import { describe, expect, it } from 'vitest';
import { logSafePath } from './log-safe-path';

describe('logSafePath', () => {
  it('hides the token of a storefront manage link, by path and on a shop subdomain', () => {
    expect(logSafePath('/shop/joes/appointments/q2Vx9_Zk-lM0aBcD')).toBe('/shop/joes/appointments/[redacted]');
    expect(logSafePath('/appointments/q2Vx9_Zk-lM0aBcD')).toBe('/appointments/[redacted]');
  });

  it('hides the token of the api manage calls and keeps what follows it', () => {
    expect(logSafePath('/api/appointments/manage/q2Vx9_Zk/cancel')).toBe('/api/appointments/manage/[redacted]/cancel');
    expect(logSafePath('/api/appointments/manage/q2Vx9_Zk/calendar.ics')).toBe(
      '/api/appointments/manage/[redacted]/calendar.ics',
    );
  });

  it('leaves every other path as it is', () => {
    for (const path of ['/', '/shop/joes', '/shop/joes/book', '/api/shops/abc/appointments', '/demo/shop/urban']) {
      expect(logSafePath(path)).toBe(path);
    }
  });
});
