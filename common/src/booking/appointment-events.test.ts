import { describe, expect, it } from 'vitest';
import { describeAppointmentEvent, formatEventTime } from './appointment-events';

const ZONE = 'America/New_York';
const snap = (start: string) => ({
  status: 'confirmed',
  start,
  end: start,
  barberId: 'b',
  serviceName: 'Haircut',
  price: 25,
  seriesId: null,
  version: 1,
});
const line = (over: Partial<Parameters<typeof describeAppointmentEvent>[0]>) =>
  describeAppointmentEvent(
    {
      type: 'booked',
      actor: { kind: 'client', name: null },
      via: 'online',
      reason: null,
      before: null,
      after: null,
      ...over,
    },
    ZONE,
  );

describe('describeAppointmentEvent', () => {
  it('names how and by whom it was booked', () => {
    expect(line({})).toBe('Booked online by the client');
    expect(line({ via: 'walk_in', actor: { kind: 'staff', name: 'Marcus' } })).toBe('Booked as a walk-in by Marcus');
    expect(line({ via: 'series', actor: { kind: 'system', name: null } })).toBe('Booked as part of a series');
  });

  it('says where a move went, with the day when it changed', () => {
    const before = snap('2026-11-04T14:00:00.000Z');
    const actor = { kind: 'staff' as const, name: 'Marcus' };
    expect(line({ type: 'moved', actor, before, after: snap('2026-11-04T21:30:00.000Z') })).toBe(
      'Moved to 4:30 PM by Marcus',
    );
    expect(line({ type: 'moved', actor, before, after: snap('2026-11-06T21:30:00.000Z') })).toBe(
      'Moved to 6 Nov 4:30 PM by Marcus',
    );
  });

  it('gives a cancellation its reason and a reminder its channel and delivery', () => {
    expect(line({ type: 'cancelled', reason: 'replied CANCEL to a text' })).toBe(
      'Cancelled by the client (replied CANCEL to a text)',
    );
    expect(
      line({
        type: 'reminder_sent',
        actor: { kind: 'system', name: null },
        data: { channel: 'sms', status: 'delivered' },
      }),
    ).toBe('Reminder sent by SMS, delivered');
    expect(line({ type: 'no_show', actor: { kind: 'assistant', name: null } })).toBe('Marked no-show by the assistant');
  });

  it('formats the time in the shop zone, 24-hour', () => {
    expect(formatEventTime('2026-11-03T15:02:00.000Z', ZONE)).toBe('3 Nov 10:02');
  });
});
