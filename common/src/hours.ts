/** Business hours: keyed by lowercase weekday, each 'HH:MM' 24-hour or closed (spec section 3). */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}
export type Hours = Record<Weekday, DayHours>;

const weekday: DayHours = { open: '09:00', close: '18:00', closed: false };

/** Mon-Fri 09:00-18:00, Saturday 10:00-16:00, Sunday closed. A fresh copy each call: callers mutate it. */
export function defaultHours(): Hours {
  return {
    monday: { ...weekday },
    tuesday: { ...weekday },
    wednesday: { ...weekday },
    thursday: { ...weekday },
    friday: { ...weekday },
    saturday: { open: '10:00', close: '16:00', closed: false },
    sunday: { open: '', close: '', closed: true },
  };
}

/** '13:30' gives '1:30 PM', '00:05' gives '12:05 AM'; missing or malformed gives 'N/A'. */
export function formatTime12h(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return 'N/A';
  const hours = Number(match[1]);
  const minutes = match[2];
  if (hours > 23 || Number(minutes) > 59) return 'N/A';
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${minutes} ${suffix}`;
}

/** One line per day for display: '9:00 AM - 6:00 PM' or 'Closed'. */
export function formatDayHours(day: DayHours | null | undefined): string {
  if (!day || day.closed) return 'Closed';
  return `${formatTime12h(day.open)} - ${formatTime12h(day.close)}`;
}
