import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './ics';

describe('iCalendar (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines in text', () => {
    expect(escapeIcsText('Cut; wash, style\\dry\nthen go')).toBe('Cut\\; wash\\, style\\\\dry\\nthen go');
  });

  it('folds lines at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('writes one UTC event with CRLF line ends and the status', () => {
    const ics = buildIcs({
      uid: 'a1@barberly',
      sequence: 2,
      start: new Date('2026-12-02T15:00:00Z'),
      end: new Date('2026-12-02T15:45:00Z'),
      stamp: new Date('2026-12-01T08:00:00.123Z'),
      summary: "Fade at Joe's, Main St",
      description: 'With Sam',
      location: '1 Main St, Springfield',
      cancelled: true,
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics).toContain('DTSTART:20261202T150000Z\r\n');
    expect(ics).toContain('DTSTAMP:20261201T080000Z\r\n');
    expect(ics).toContain("SUMMARY:Fade at Joe's\\, Main St\r\n");
    expect(ics).toContain('SEQUENCE:2\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
  });
});
