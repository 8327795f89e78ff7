import { WEEKDAYS } from '../hours';
import { z } from '../zod';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)');

export const DayHoursSchema = z
  .object({
    open: z.union([time, z.literal('')]),
    close: z.union([time, z.literal('')]),
    closed: z.boolean(),
  })
  .refine((d) => d.closed || (d.open !== '' && d.close !== '' && d.open < d.close), {
    message: 'Closing time must be after opening time',
    path: ['close'],
  });

export const HoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<
    (typeof WEEKDAYS)[number],
    typeof DayHoursSchema
  >,
);
