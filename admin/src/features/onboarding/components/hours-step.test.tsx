import { defaultHours } from '@barberly/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/time-zones';
import { HoursStep } from './hours-step';

const zone = { timeZone: 'UTC', onTimeZoneChange: vi.fn() };

afterEach(() => vi.restoreAllMocks());

describe('HoursStep', () => {
  it('starts from the spec defaults: Mon-Fri 09:00-18:00, Saturday 10:00-16:00, Sunday closed', () => {
    render(<HoursStep {...zone} value={defaultHours()} onBack={vi.fn()} onNext={vi.fn()} />);
    expect(screen.getByLabelText('Monday opening time')).toHaveValue('09:00');
    expect(screen.getByLabelText('Friday closing time')).toHaveValue('18:00');
    expect(screen.getByLabelText('Saturday opening time')).toHaveValue('10:00');
    expect(screen.getByLabelText('Saturday closing time')).toHaveValue('16:00');
    expect(screen.getByLabelText('Sunday closed')).toBeChecked();
    expect(screen.getByLabelText('Sunday opening time')).toBeDisabled();
  });

  it('Closed clears the times and disables the inputs; unticking brings usable times back', async () => {
    const onNext = vi.fn();
    render(<HoursStep {...zone} value={defaultHours()} onBack={vi.fn()} onNext={onNext} />);
    await userEvent.click(screen.getByLabelText('Wednesday closed'));
    expect(screen.getByLabelText('Wednesday opening time')).toHaveValue('');
    expect(screen.getByLabelText('Wednesday opening time')).toBeDisabled();
    expect(screen.getByLabelText('Wednesday closing time')).toHaveValue('');
    expect(screen.getByLabelText('Wednesday closing time')).toBeDisabled();

    await userEvent.click(screen.getByLabelText('Sunday closed'));
    expect(screen.getByLabelText('Sunday opening time')).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const hours = onNext.mock.calls[0]![0];
    expect(hours.wednesday).toEqual({ open: '', close: '', closed: true });
    expect(hours.sunday.closed).toBe(false);
  });

  it('refuses a closing time before the opening time', async () => {
    const onNext = vi.fn();
    const hours = defaultHours();
    hours.monday = { open: '18:00', close: '09:00', closed: false };
    render(<HoursStep {...zone} value={hours} onBack={vi.fn()} onNext={onNext} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Monday: Closing time must be after opening time')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });
});

describe('HoursStep time zone', () => {
  it("defaults to the browser's zone and offers every IANA zone to change it", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone: 'America/New_York',
    });
    const onTimeZoneChange = vi.fn();
    render(
      <HoursStep
        value={defaultHours()}
        timeZone={browserTimeZone()}
        onTimeZoneChange={onTimeZoneChange}
        onBack={vi.fn()}
        onNext={vi.fn()}
      />,
    );
    const select = screen.getByLabelText('Time Zone');
    expect(select).toHaveValue('America/New_York');
    expect(screen.getByRole('option', { name: 'New York' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Europe/London');
    expect(onTimeZoneChange).toHaveBeenCalledWith('Europe/London');
  });

  it('groups the zones by region and narrows them to what is typed, keeping the chosen one', async () => {
    render(
      <HoursStep
        value={defaultHours()}
        timeZone="America/New_York"
        onTimeZoneChange={vi.fn()}
        onBack={vi.fn()}
        onNext={vi.fn()}
      />,
    );
    const groups = () => screen.getAllByRole('group').map((g) => g.getAttribute('label'));
    expect(groups()).toEqual(expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe', 'Pacific', 'Other']));
    await userEvent.type(screen.getByLabelText('Search time zones'), 'lond');
    expect(screen.getByText('1 zone matches')).toBeInTheDocument();
    expect(groups()).toEqual(['America', 'Europe']);
    expect(screen.getByRole('option', { name: 'London' })).toBeInTheDocument();
    // The chosen zone stays, so the select keeps its value.
    expect(screen.getByLabelText('Time Zone')).toHaveValue('America/New_York');
  });

  it('falls back to UTC when the browser names no zone the api accepts, and keeps a saved zone the list lacks', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone: '+05:00',
    });
    expect(browserTimeZone()).toBe('UTC');
    render(
      <HoursStep
        value={defaultHours()}
        timeZone="Asia/Calcutta"
        onTimeZoneChange={vi.fn()}
        onBack={vi.fn()}
        onNext={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Time Zone')).toHaveValue('Asia/Calcutta');
  });

  it("asks the shop's currency (common ones first), locale and clock, and reports each change", async () => {
    const onDisplayChange = vi.fn();
    render(
      <HoursStep
        {...zone}
        value={defaultHours()}
        display={{ currency: 'EUR', locale: 'fr-FR', clock: '24h' }}
        onDisplayChange={onDisplayChange}
        onBack={vi.fn()}
        onNext={vi.fn()}
      />,
    );
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(currency).toHaveValue('EUR');
    expect([...currency.options].slice(0, 3).map((o) => o.value)).toEqual(['USD', 'EUR', 'GBP']);
    expect([...currency.options].map((o) => o.value)).toContain('SEK');
    expect(screen.getByLabelText('Locale')).toHaveValue('fr-FR');
    expect(screen.getByLabelText('Clock')).toHaveValue('24h');
    await userEvent.selectOptions(currency, 'GBP');
    expect(onDisplayChange).toHaveBeenLastCalledWith({ currency: 'GBP' });
    await userEvent.selectOptions(screen.getByLabelText('Clock'), '12h');
    expect(onDisplayChange).toHaveBeenLastCalledWith({ clock: '12h' });
  });
});
