import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './ics';

describe('iCalendar (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines in text', () => {
    expect(escapeIcsText('Cut; wash, style\\dry\nthen go')).toBe('Cut\\; wash\\, style\\\\dry\\nthen go');
  });

  it('escapes a lone CR and drops other control characters, so no text can start a property of its own', () => {
    expect(escapeIcsText('Jo\rATTENDEE:mailto:x@evil.test')).toBe('Jo\\nATTENDEE:mailto:x@evil.test');
    expect(escapeIcsText('a\r\nb\u2028c\u0000d\u001be\tf')).toBe('a\\nb\\ncde\tf');
    const ics = buildIcs({
      uid: 'a2@barberly',
      sequence: 1,
      start: new Date('2026-12-02T15:00:00Z'),
      end: new Date('2026-12-02T15:45:00Z'),
      stamp: new Date('2026-12-01T08:00:00Z'),
      summary: 'Cut\rATTENDEE:mailto:x@evil.test',
      description: 'Note\rBEGIN:VALARM',
      location: 'Main St\u0007',
      url: 'https://example.test/manage/abc\rX-EVIL:1',
    });
    const lines = ics.split('\r\n');
    expect(lines.some((line) => /^(ATTENDEE|BEGIN:VALARM|X-EVIL)/.test(line))).toBe(false);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\r');
    expect(ics).toContain('LOCATION:Main St\r\n');
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
