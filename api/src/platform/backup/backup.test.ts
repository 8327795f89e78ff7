import { describe, expect, it } from 'vitest';
import { backupName, backupTime, nextRun } from './backup';

describe('backup names', () => {
  it('say when the backup was taken, to the second, and sort by it', () => {
    const at = new Date('2026-11-27T03:00:05.250Z');
    expect(backupName(at)).toBe('barberly-2026-11-27T030005Z.dump');
    expect(backupTime(backupName(at))).toEqual(new Date('2026-11-27T03:00:05Z'));
    expect(backupTime('barberly-latest.dump')).toBeUndefined();
    expect(backupTime('barberly-2026-11-27T030005Z.dump.partial')).toBeUndefined();
  });
});

describe('the nightly schedule', () => {
  it('runs at the next 03:00 UTC: later the same day, or tomorrow once it has passed', () => {
    expect(nextRun(new Date('2026-11-27T02:59:00Z'), '03:00')).toEqual(new Date('2026-11-27T03:00:00Z'));
    expect(nextRun(new Date('2026-11-27T03:00:00Z'), '03:00')).toEqual(new Date('2026-11-28T03:00:00Z'));
    expect(nextRun(new Date('2026-12-31T23:30:00Z'), '00:15')).toEqual(new Date('2027-01-01T00:15:00Z'));
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => nextRun(new Date(), '3am')).toThrow('--daily wants a time of day HH:MM (UTC), e.g. 03:00; got 3am');
    expect(() => nextRun(new Date(), '24:00')).toThrow(/HH:MM/);
  });
});
