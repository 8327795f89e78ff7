import { describe, expect, it } from 'vitest';
import {
  formatMessageTime,
  hoursOf,
  kindLabel,
  leadTimeLabel,
  lengthLabel,
  minutesOf,
  outboundStatusLabel,
  smsSegments,
} from './text-messages';

describe('text messages in words', () => {
  it('counts SMS at 160 characters each: 160 is one, 161 two, 480 three', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('x'.repeat(160))).toBe(1);
    expect(smsSegments('x'.repeat(161))).toBe(2);
    expect(smsSegments('x'.repeat(480))).toBe(3);
    expect(lengthLabel('x'.repeat(161))).toBe('161 characters · 2 SMS');
  });

  it('says the first reminder in hours when it is whole hours', () => {
    expect(leadTimeLabel(1440)).toBe('24 hours before');
    expect(leadTimeLabel(60)).toBe('1 hour before');
    expect(leadTimeLabel(90)).toBe('1 hr 30 min before');
    expect(leadTimeLabel(0)).toBe('none');
  });

  it('names the status and kind of an outbound text', () => {
    expect(outboundStatusLabel('logged', 'sms')).toBe('Logged (not sent: SMS not set up)');
    expect(outboundStatusLabel('undelivered', 'whatsapp')).toBe('Not delivered');
    expect(kindLabel('reply')).toBe('Your reply');
    expect(kindLabel('reminder')).toBe('Reminder');
    expect(kindLabel('help')).toBe('Help');
    expect(kindLabel('assistant')).toBe("Assistant's answer");
  });

  it("writes a text's time the shop's way, never as 2026-11-28", () => {
    const at = '2026-11-28T14:05:00.000Z';
    expect(formatMessageTime(at, { timeZone: 'America/New_York', locale: 'en-US', clock: '12h' })).toBe(
      'Nov 28, 9:05 AM',
    );
    expect(formatMessageTime(at, { timeZone: 'Europe/London', locale: 'en-GB', clock: '24h' })).toBe('28 Nov, 14:05');
    expect(formatMessageTime(at, { timeZone: 'Europe/Berlin', locale: 'de-DE', clock: '24h' })).toBe('28. Nov., 15:05');
    expect(formatMessageTime(at, { timeZone: 'Europe/Paris', locale: 'fr-FR', clock: '24h' })).not.toMatch(
      /2026-11-28/,
    );
  });

  it('sets the second reminder in hours and keeps it in minutes', () => {
    expect(hoursOf(120)).toBe('2');
    expect(hoursOf(90)).toBe('1.5');
    expect(hoursOf(0)).toBe('0');
    expect(minutesOf('2')).toBe(120);
    expect(minutesOf('1.5')).toBe(90);
    expect(minutesOf('1,5')).toBe(90);
    expect(minutesOf('')).toBeNaN();
    expect(minutesOf('soon')).toBeNaN();
  });
});
