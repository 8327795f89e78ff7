import { describe, expect, it } from 'vitest';
import { defaultHours } from '../hours';
import { fieldErrors } from '../validation';
import { DayHoursSchema, HoursSchema } from './hours';

describe('DayHoursSchema', () => {
  it('accepts an open day and a closed day with cleared times', () => {
    expect(DayHoursSchema.safeParse({ open: '09:00', close: '18:00', closed: false }).success).toBe(true);
    expect(DayHoursSchema.safeParse({ open: '', close: '', closed: true }).success).toBe(true);
  });

  it('refuses closing before or at opening on an open day', () => {
    const result = DayHoursSchema.safeParse({ open: '18:00', close: '09:00', closed: false });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({ close: 'Closing time must be after opening time' });
    expect(DayHoursSchema.safeParse({ open: '09:00', close: '09:00', closed: false }).success).toBe(false);
  });

  it('refuses an open day without times', () => {
    expect(DayHoursSchema.safeParse({ open: '', close: '', closed: false }).success).toBe(false);
  });

  it.each(['24:00', '9:00', '09:60', '0900', '09:00:00', 'noon'])('refuses time %j', (open) => {
    const result = DayHoursSchema.safeParse({ open, close: '23:00', closed: false });
    expect(result.success).toBe(false);
  });
});

describe('HoursSchema', () => {
  it('accepts the default hours', () => {
    expect(HoursSchema.parse(defaultHours())).toEqual(defaultHours());
  });

  it('needs all seven days', () => {
    const { sunday: _sunday, ...sixDays } = defaultHours();
    expect(HoursSchema.safeParse(sixDays).success).toBe(false);
  });
});
