import { formatDayLabel, formatSlotLabel, localDateOf, type TimeOff } from '@barberly/common';

/** Time off that has not ended yet (current and upcoming), soonest first. */
export function upcomingTimeOff(list: TimeOff[], now: Date): TimeOff[] {
  return list
    .filter((t) => new Date(t.end).getTime() > now.getTime())
    .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}

/**
 * A time off range in the shop's zone. One day: 'Monday, November 23, 2026, 9:00 AM – 5:00 PM'; more:
 * 'Monday, November 23, 2026, 9:00 AM – Tuesday, November 24, 2026, 12:00 PM'.
 */
export function formatTimeOff(t: Pick<TimeOff, 'start' | 'end'>, timeZone: string): string {
  const start = new Date(t.start);
  const end = new Date(t.end);
  const from = `${formatDayLabel(start, timeZone)}, ${formatSlotLabel(start, timeZone)}`;
  const sameDay = localDateOf(start, timeZone) === localDateOf(end, timeZone);
  const to = sameDay
    ? formatSlotLabel(end, timeZone)
    : `${formatDayLabel(end, timeZone)}, ${formatSlotLabel(end, timeZone)}`;
  return `${from} – ${to}`;
}
