/**
 * A one-event iCalendar file (RFC 5545), written by hand: text values are escaped (backslash, semicolon, comma,
 * newline), lines end in CRLF and are folded at 75 octets, times are UTC ('Z') so no VTIMEZONE is needed.
 */
export interface CalendarEvent {
  uid: string;
  /** Bumped on every change so calendar apps replace the older copy. */
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  cancelled?: boolean;
}

/**
 * TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped; any line break (CRLF, LF or a lone CR)
 * becomes '\n'; every other control character is dropped. A lone CR would otherwise end the content line in
 * strict readers and let a client's name or note start a property of its own.
 */
export function escapeIcsText(value: string): string {
  return withoutControlCharacters(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n'),
  );
}

/** Drops C0 control characters (but tab) and DEL. */
function withoutControlCharacters(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 9 || (code >= 32 && code !== 127)) out += char;
  }
  return out;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds a content line to 75 octets per line (continuations start with a space), never splitting a character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Barberly//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    ...(event.url ? [`URL:${withoutControlCharacters(event.url).replace(/\t/g, '')}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
