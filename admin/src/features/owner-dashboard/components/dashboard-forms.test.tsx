import { VISIT_MESSAGES } from '@barberly/common';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BarberForm } from './barber-form';
import { EditShopForm } from './edit-shop-form';
import { ServiceForm } from './service-form';
import { serviceLengthLabel } from './services-tab';

vi.setConfig({ testTimeout: 20_000 });

const SHOP = {
  name: 'Fade Co',
  bio: '',
  address: '',
  phoneNumber: '',
  theme: 'classic' as const,
  primaryColor: '#1E293B',
  logoUrl: '',
};

describe('ServiceForm', () => {
  const renderForm = (onSubmit = vi.fn()) => {
    render(
      <ServiceForm
        submitLabel="Add Service"
        pendingLabel="Adding..."
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    return onSubmit;
  };

  it('shows the spec messages on submit and clears them as the owner fixes the fields', async () => {
    const onSubmit = renderForm();
    expect(screen.getByLabelText('Duration (mins)')).toHaveValue(30);
    await userEvent.type(screen.getByLabelText('Service Name'), 'A');
    await userEvent.clear(screen.getByLabelText('Duration (mins)'));
    await userEvent.type(screen.getByLabelText('Duration (mins)'), '3');
    await userEvent.type(screen.getByLabelText('Price ($)'), '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Service name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Price must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Duration must be at least 5 minutes')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Service Name'), 'B');
    await waitFor(() => expect(screen.queryByText('Service name must be at least 2 characters')).toBeNull());
  });

  it('submits numbers', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Service Name'), 'Beard Trim');
    await userEvent.type(screen.getByLabelText('Price ($)'), '15.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toEqual({
        name: 'Beard Trim',
        description: '',
        price: 15.5,
        durationMinutes: 30,
        bufferMinutes: 0,
      }),
    );
  });

  it('sends the buffer after the service and refuses one over 120 minutes (issue 14)', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Service Name'), 'Hot Towel Shave');
    await userEvent.type(screen.getByLabelText('Price ($)'), '25');
    const buffer = screen.getByLabelText('Buffer after (minutes)');
    expect(buffer).toHaveAccessibleDescription("Cleanup time that blocks the barber; clients don't see it");
    await userEvent.clear(buffer);
    await userEvent.type(buffer, '130');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText(VISIT_MESSAGES.buffer)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(buffer);
    await userEvent.type(buffer, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Hot Towel Shave', bufferMinutes: 10 }),
    );
  });

  it("starts from the service's own buffer when editing", () => {
    render(
      <ServiceForm
        initial={{ name: 'Cut', description: '', price: 30, durationMinutes: 45, bufferMinutes: 15 }}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Buffer after (minutes)')).toHaveValue(15);
  });

  it("labels the price with the shop's currency: 'Price ($)' for USD, 'Price (€)' for EUR", () => {
    render(
      <ServiceForm
        money={{ currency: 'EUR', locale: 'fr-FR' }}
        submitLabel="Add Service"
        pendingLabel="Adding..."
        pending={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Price (€)')).toBeInTheDocument();
  });

  it("says 'Adding...' while pending", () => {
    render(
      <ServiceForm submitLabel="Add Service" pendingLabel="Adding..." pending onSubmit={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  });
});

describe('BarberForm', () => {
  it('requires a 2-character name and a valid image URL or none', async () => {
    const onSubmit = vi.fn();
    render(
      <BarberForm
        submitLabel="Add Barber"
        pendingLabel="Adding..."
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByLabelText('Barber Name'), 'M');
    await userEvent.type(screen.getByLabelText('Profile Image URL (optional)'), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Add Barber' }));
    expect(await screen.findByText('Barber name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Profile Image URL (optional)'));
    await userEvent.type(screen.getByLabelText('Barber Name'), 'arcus');
    await userEvent.click(screen.getByRole('button', { name: 'Add Barber' }));
    await waitFor(() => expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Marcus', bio: '', profileImageUrl: '' }));
  });
});

describe('EditShopForm', () => {
  it('shows the dashboard messages: name 3+, logo a valid URL, colour #RRGGBB', async () => {
    const onSubmit = vi.fn();
    render(<EditShopForm shop={SHOP} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.clear(screen.getByLabelText('Shop Name'));
    await userEvent.type(screen.getByLabelText('Shop Name'), 'Ab');
    await userEvent.type(screen.getByLabelText('Logo URL (optional)'), 'javascript:alert(1)');
    await userEvent.clear(screen.getByLabelText('Primary Color'));
    await userEvent.type(screen.getByLabelText('Primary Color'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Shop name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.getByText('Colour must be a hex value like #1E293B')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the picker and the text in step and submits every field', async () => {
    const onSubmit = vi.fn();
    render(<EditShopForm shop={SHOP} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.input(screen.getByLabelText('Primary color picker'), { target: { value: '#ff0000' } });
    expect(screen.getByLabelText('Primary Color')).toHaveValue('#FF0000');
    await userEvent.selectOptions(screen.getByLabelText('Website Theme'), 'urban');
    expect(screen.getByLabelText('Shop Description')).toHaveAttribute('placeholder', 'Tell clients about your shop...');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toEqual({
        ...SHOP,
        theme: 'urban',
        primaryColor: '#FF0000',
        // A shop made before issue 13 saves the defaults it was shown with.
        currency: 'USD',
        locale: 'en-US',
        clock: '12h',
      }),
    );
  });

  it('sends the currency, locale and clock chosen, common currencies first (issue 13)', async () => {
    const onSubmit = vi.fn();
    render(
      <EditShopForm
        shop={{ ...SHOP, currency: 'USD', locale: 'en-US', clock: '12h' }}
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect([...currency.options].slice(0, 3).map((o) => o.value)).toEqual(['USD', 'EUR', 'GBP']);
    expect(currency.options.length).toBeGreaterThan(100);
    await userEvent.selectOptions(currency, 'EUR');
    await userEvent.selectOptions(screen.getByLabelText('Locale'), 'fr-FR');
    await userEvent.selectOptions(screen.getByLabelText('Clock'), '24h');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ currency: 'EUR', locale: 'fr-FR', clock: '24h' }),
    );
  });

  it("says 'Saving...' while pending", () => {
    render(<EditShopForm shop={SHOP} pending onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});

describe('serviceLengthLabel (issue 14)', () => {
  it("shows the buffer beside the length on the owner's list only when there is one", () => {
    expect(serviceLengthLabel({ durationMinutes: 45, bufferMinutes: 10 })).toBe('45 minutes + 10 min buffer');
    expect(serviceLengthLabel({ durationMinutes: 45, bufferMinutes: 0 })).toBe('45 minutes');
    expect(serviceLengthLabel({ durationMinutes: 30 })).toBe('30 minutes');
  });
});
