import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BarberForm } from './barber-form';
import { EditShopForm } from './edit-shop-form';
import { ServiceForm } from './service-form';

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
      }),
    );
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
      expect(onSubmit.mock.calls[0]![0]).toEqual({ ...SHOP, theme: 'urban', primaryColor: '#FF0000' }),
    );
  });

  it("says 'Saving...' while pending", () => {
    render(<EditShopForm shop={SHOP} pending onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
