import type { Appointment } from '@barberly/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppointmentItem } from './agenda-parts';

/** Issue 25 item 3, "cancel with a reason": the calendar's detail asks for an optional reason when cancelling. */

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const START = '2099-05-01T14:00:00.000Z';

const jordan: Appointment = {
  id: '99999999-9999-4999-8999-999999999999',
  status: 'confirmed',
  start: START,
  end: '2099-05-01T14:30:00.000Z',
  localDate: '2099-05-01',
  localTime: '10:00 AM',
  service: { id: '44444444-4444-4444-8444-444444444444', name: 'Haircut', durationMinutes: 30, price: 20 },
  barber: { id: '33333333-3333-4333-8333-333333333333', name: 'Alex Clip', profileImageUrl: '' },
  shop: {
    id: SHOP_ID,
    slug: 'fade-co',
    name: 'Fade Co',
    address: '',
    phoneNumber: '',
    timeZone: 'America/New_York',
  },
  client: { name: 'Jordan Lee', email: 'jordan@example.com', phone: '555-0100' },
  note: '',
  source: 'online',
  createdAt: '2099-04-01T10:00:00.000Z',
  updatedAt: '2099-04-01T10:00:00.000Z',
};

function renderItem(askReason: boolean) {
  const onSetStatus = vi.fn();
  render(
    <ul>
      <AppointmentItem appointment={jordan} pending={false} onSetStatus={onSetStatus} askReason={askReason} />
    </ul>,
  );
  return onSetStatus;
}

describe('cancel with a reason', () => {
  it('sends the reason the owner typed with the cancel, trimmed', async () => {
    const user = userEvent.setup();
    const onSetStatus = renderItem(true);
    await user.click(screen.getByRole('button', { name: /^Cancel: / }));
    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveAttribute('maxlength', '200');
    await user.type(reason, '  client called in sick ');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onSetStatus).toHaveBeenCalledWith('cancelled', undefined, 'client called in sick');
  });

  it('cancels without a reason when the field is left empty', async () => {
    const user = userEvent.setup();
    const onSetStatus = renderItem(true);
    await user.click(screen.getByRole('button', { name: /^Cancel: / }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onSetStatus).toHaveBeenCalledWith('cancelled', undefined, undefined);
  });

  it('the agenda list, which does not ask, shows no reason field', async () => {
    const user = userEvent.setup();
    renderItem(false);
    await user.click(screen.getByRole('button', { name: /^Cancel: / }));
    expect(screen.queryByRole('textbox', { name: 'Reason (optional)' })).toBeNull();
  });
});
