import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 5000 };

import { DetailsStep } from './details-step';

const EMPTY = { name: '', slug: '', bio: '', address: '', phoneNumber: '' };

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

type Check = (slug: string) => Promise<{ available: boolean; message?: string }>;

function setup(checkSlug: Check = vi.fn(async () => ({ available: true }))) {
  const onNext = vi.fn();
  wrap(<DetailsStep value={EMPTY} appDomain="localhost" onBack={vi.fn()} onNext={onNext} checkSlug={checkSlug} />);
  return { onNext, checkSlug };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('DetailsStep', () => {
  it('derives the slug from the name while it still matches, and stops once the owner edits it', async () => {
    setup();
    const name = screen.getByLabelText('Shop Name');
    const slug = screen.getByLabelText('Shop URL');
    await userEvent.type(name, "Joe's Barber Shop!");
    expect(slug).toHaveValue('joes-barber-shop');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'downtown-joe');
    await userEvent.type(name, ' Two');
    expect(slug).toHaveValue('downtown-joe');
  });

  it('picks the name up again once the slug is emptied', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Shop URL'), 'custom');
    await userEvent.clear(screen.getByLabelText('Shop URL'));
    await userEvent.type(screen.getByLabelText('Shop Name'), 'Fade Co');
    expect(screen.getByLabelText('Shop URL')).toHaveValue('fade-co');
  });

  it('keeps Continue disabled until name and slug are filled', async () => {
    setup();
    expect(continueButton()).toBeDisabled();
    // The reason sits beside the disabled button and is its description (issue 28).
    expect(continueButton()).toHaveAccessibleDescription("Enter your shop's name to continue.");
    expect(screen.getByText("Enter your shop's name to continue.")).toBeVisible();
    await userEvent.type(screen.getByLabelText('Shop Name'), 'Fade Co');
    await waitFor(() => expect(continueButton()).toBeEnabled(), slow);
    expect(screen.queryByTestId('continue-reason')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Shop URL'));
    expect(continueButton()).toHaveAccessibleDescription('Enter a shop URL to continue.');
  });

  it('shows the spec messages on Continue and re-validates as the owner types', async () => {
    const { onNext } = setup();
    await userEvent.type(screen.getByLabelText('Shop Name'), 'J');
    await userEvent.clear(screen.getByLabelText('Shop URL'));
    await userEvent.type(screen.getByLabelText('Shop URL'), 'Jo');
    await userEvent.click(continueButton());
    expect(await screen.findByText('Shop name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Slug must be at least 3 characters')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Shop URL'), 'E!');
    expect(
      await screen.findByText('Slug can only contain lowercase letters, numbers, and hyphens'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Shop URL'));
    await userEvent.click(screen.getByLabelText('Shop URL'));
    await userEvent.paste('x'.repeat(51));
    expect(await screen.findByText('Slug cannot be more than 50 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Bio'));
    await userEvent.paste('b'.repeat(501));
    expect(await screen.findByText('Bio cannot be more than 500 characters')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('says an unavailable slug before launch and keeps Continue disabled', async () => {
    const checkSlug = vi.fn(async (slug: string) =>
      slug === 'taken-shop'
        ? { available: false, message: 'This shop URL is already taken. Please choose another.' }
        : { available: true },
    );
    setup(checkSlug);
    await userEvent.type(screen.getByLabelText('Shop Name'), 'Taken Shop');
    expect(
      await screen.findByText('This shop URL is already taken. Please choose another.', {}, slow),
    ).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Shop URL'), '-2');
    expect(await screen.findByText('taken-shop-2.localhost is available', {}, slow)).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('continues with the trimmed values', async () => {
    const { onNext } = setup();
    await userEvent.type(screen.getByLabelText('Shop Name'), 'Fade Co');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await waitFor(() => expect(continueButton()).toBeEnabled(), slow);
    await userEvent.click(continueButton());
    await waitFor(
      () =>
        expect(onNext).toHaveBeenCalledWith({
          name: 'Fade Co',
          slug: 'fade-co',
          bio: '',
          address: '1 Main St',
          phoneNumber: '',
        }),
      slow,
    );
  });
});
