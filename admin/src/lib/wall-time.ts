/**
 * 'HH:MM' (24-hour, two digits) of an instant in a zone: what a time input takes and what wall times compare as
 * text. 2026-05-10T13:05:00Z in America/New_York gives '09:05'.
 */
export function wallTimeOf(instant: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}
