import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './register-form';

describe('RegisterForm', () => {
  it('shows the spec messages for e-mail, password and confirm password', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm onSubmit={onSubmit} disabled={false} />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam@');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 8 characters')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hints the rule for a new password: "At least 8 characters"', () => {
    render(<RegisterForm onSubmit={vi.fn()} disabled={false} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters');
    expect(password).toHaveAttribute('placeholder', 'At least 8 characters');
  });

  it('says "Passwords don\'t match" for a short confirmation that differs, not the length message', async () => {
    render(<RegisterForm onSubmit={vi.fn()} disabled={false} />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'sec');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-describedby', message.id);
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
  });

  it('says "Passwords don\'t match" on the confirm field', async () => {
    render(<RegisterForm onSubmit={vi.fn()} disabled={false} />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret22');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-describedby', message.id);
  });

  it('refuses a 7-character password: a new password needs 8', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm onSubmit={onSubmit} disabled={false} />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Password must be at least 8 characters')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits matching passwords', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm onSubmit={onSubmit} disabled={false} />);
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'sam@example.com', password: 'secret12', confirmPassword: 'secret12' },
      expect.anything(),
    );
  });
});
