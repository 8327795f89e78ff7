import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { LeadForm } from './lead-form';

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Full Name'), 'Jane Doe');
  await userEvent.type(screen.getByLabelText('Email'), 'jane@fadeandco.com');
  await userEvent.type(screen.getByLabelText('Phone Number'), '555 123 4567');
  await userEvent.type(screen.getByLabelText('Barbershop Name'), 'Fade & Co.');
}

describe('LeadForm', () => {
  it('shows every spec message for an empty form and sends nothing', async () => {
    const submit = vi.fn();
    render(<LeadForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: /Request a Demo/ }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Barbershop name is required')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it("thanks the visitor with 'Success!' and clears the form", async () => {
    const submit = vi.fn().mockResolvedValue({});
    render(
      <>
        <LeadForm submit={submit} />
        <Toaster />
      </>,
    );
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: /Request a Demo/ }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your interest. We'll be in touch soon!")).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({
      fullName: 'Jane Doe',
      email: 'jane@fadeandco.com',
      phone: '555 123 4567',
      barbershopName: 'Fade & Co.',
    });
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it("shows 'Submission failed' and keeps what was typed when the api refuses", async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'Invalid input', { fields: { phone: 'Phone number is too long' } }));
    render(
      <>
        <LeadForm submit={submit} />
        <Toaster />
      </>,
    );
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: /Request a Demo/ }));
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem submitting your request. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Phone number is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Jane Doe');
  });
});
