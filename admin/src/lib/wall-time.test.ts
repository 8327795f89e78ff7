import { describe, expect, it } from 'vitest';
import { wallTimeOf } from './wall-time';

describe('wallTimeOf', () => {
  it('gives two-digit 24-hour wall time in the zone', () => {
    expect(wallTimeOf('2026-05-10T13:05:00Z', 'America/New_York')).toBe('09:05');
    expect(wallTimeOf('2026-05-10T22:30:00Z', 'America/New_York')).toBe('18:30');
    expect(wallTimeOf('2026-03-29T00:00:00Z', 'Europe/Berlin')).toBe('01:00');
  });
});
