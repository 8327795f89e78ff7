import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BookingSettingsForm, settingsOf } from './booking-settings-card';

vi.setConfig({ testTimeout: 20_000 });

describe('BookingSettingsForm', () => {
  it("uses the api's defaults for a shop that has none yet", () => {
    expect(settingsOf({})).toEqual({ minNoticeMinutes: 60, cancellationCutoffMinutes: 120, reminderLeadMinutes: 1440 });
  });

  it('refuses minutes outside 0 to a week, then submits whole numbers', async () => {
    const onSubmit = vi.fn();
    render(<BookingSettingsForm initial={settingsOf({})} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const notice = screen.getByLabelText('Minimum notice (minutes)');
    await userEvent.clear(notice);
    await userEvent.type(notice, '20000');
    await userEvent.clear(screen.getByLabelText('Cancellation cutoff (minutes)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Minimum notice must be whole minutes from 0 to 10080')).toBeInTheDocument();
    expect(screen.getByText('Cancellation cutoff must be whole minutes from 0 to 10080')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(notice);
    await userEvent.type(notice, '30');
    await userEvent.type(screen.getByLabelText('Cancellation cutoff (minutes)'), '0');
    await userEvent.clear(screen.getByLabelText('Reminder (minutes before)'));
    await userEvent.type(screen.getByLabelText('Reminder (minutes before)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toEqual({
        minNoticeMinutes: 30,
        cancellationCutoffMinutes: 0,
        reminderLeadMinutes: 0,
      }),
    );
  });
});
