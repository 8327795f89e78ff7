import { describe, expect, it } from 'vitest';
import { kindLabel, leadTimeLabel, lengthLabel, outboundStatusLabel, smsSegments } from './text-messages';

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
  });
});
