import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OwnerBarberAnswer } from './owner-barber-question';
import { ServicesStep as Step } from './services-step';

/** The step with its "Do you cut hair here too?" answer held as the wizard holds it. */
function ServicesStep(
  props: Omit<ComponentProps<typeof Step>, 'ownerBarber' | 'onOwnerBarberChange'> & { initial?: OwnerBarberAnswer },
) {
  const [ownerBarber, setOwnerBarber] = useState<OwnerBarberAnswer>(props.initial ?? { cutsHair: false, name: '' });
  return <Step {...props} ownerBarber={ownerBarber} onOwnerBarberChange={setOwnerBarber} />;
}

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

  it('says beside the disabled Continue why it is disabled', async () => {
    render(<ServicesStep value={[]} onBack={vi.fn()} onNext={vi.fn()} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Add at least one service to continue.');
  });

  it('asks "Do you cut hair here too?" and, on yes, wants the name clients will book', async () => {
    const onNext = vi.fn();
    const service = { key: 'a', name: 'Cut', description: '', price: 20, durationMinutes: 30 };
    render(<ServicesStep value={[service]} onBack={vi.fn()} onNext={onNext} initial={{ cutsHair: null, name: '' }} />);
    const group = screen.getByRole('group', { name: 'Do you cut hair here too?' });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAccessibleDescription('Tell us whether you cut hair here too.');

    await userEvent.click(within(group).getByRole('radio', { name: /Yes, I cut hair here/ }));
    expect(next).toHaveAccessibleDescription('Barber name must be at least 2 characters');
    await userEvent.type(screen.getByLabelText('Your name, as clients see it'), 'Sam');
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalled();

    await userEvent.click(within(group).getByRole('radio', { name: /No, I run the shop/ }));
    expect(screen.queryByLabelText('Your name, as clients see it')).not.toBeInTheDocument();
    expect(next).toBeEnabled();
  });
});
