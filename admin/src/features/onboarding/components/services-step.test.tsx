import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServicesStep } from './services-step';

describe('ServicesStep', () => {
  it('needs a name and a price to add, defaults the duration to 30, and at least one service to continue', async () => {
    const onNext = vi.fn();
    render(<ServicesStep value={[]} onBack={vi.fn()} onNext={onNext} />);
    const add = screen.getByRole('button', { name: 'Add Service' });
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByLabelText('Duration (mins)')).toHaveValue(30);

    await userEvent.type(screen.getByLabelText('Service Name'), 'Classic Cut');
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Price ($)'), '25');
    await userEvent.click(add);

    const list = screen.getByRole('list', { name: 'Your services' });
    expect(within(list).getByText('Classic Cut')).toBeInTheDocument();
    expect(within(list).getByText('$25.00 · 30 min')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onNext.mock.calls[0]![0]).toMatchObject([{ name: 'Classic Cut', price: 25, durationMinutes: 30 }]);
  });

  it('says why a duration under 5 minutes is refused', async () => {
    render(<ServicesStep value={[]} onBack={vi.fn()} onNext={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Service Name'), 'Quick');
    await userEvent.type(screen.getByLabelText('Price ($)'), '5');
    await userEvent.clear(screen.getByLabelText('Duration (mins)'));
    await userEvent.type(screen.getByLabelText('Duration (mins)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByText('Duration must be at least 5 minutes')).toBeInTheDocument();
  });

  it("labels the price with the shop's currency and lists prices the shop's way", async () => {
    render(<ServicesStep value={[]} money={{ currency: 'EUR', locale: 'fr-FR' }} onBack={vi.fn()} onNext={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Service Name'), 'Coupe');
    await userEvent.type(screen.getByLabelText('Price (€)'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    const list = screen.getByRole('list', { name: 'Your services' });
    expect(within(list).getByText(/^25,00\s€ · 30 min$/)).toBeInTheDocument();
  });
});
