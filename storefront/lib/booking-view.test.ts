import { describe, expect, it } from 'vitest';
import { textChannelsOf } from './booking-view';

describe('textChannelsOf: the reminder channels the booking form offers besides e-mail', () => {
  it('offers SMS before WhatsApp when the api enabled both', () => {
    expect(textChannelsOf({ smsEnabled: true, whatsappEnabled: true })).toEqual(['sms', 'whatsapp']);
  });

  it('offers only what the api enabled', () => {
    expect(textChannelsOf({ smsEnabled: false, whatsappEnabled: true })).toEqual(['whatsapp']);
  });

  it('offers nothing for a record from before text reminders', () => {
    expect(textChannelsOf({})).toEqual([]);
  });
});
