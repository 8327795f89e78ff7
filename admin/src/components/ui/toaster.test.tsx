import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, Toaster } from './toaster';

describe('Toaster (spec 9)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time: the newest', async () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'First', variant: 'success' });
      showToast({ title: 'Second', description: 'newest', variant: 'destructive' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    const visible = document.querySelectorAll('[data-sonner-toast][data-visible="true"]');
    expect(visible).toHaveLength(1);
    expect(visible[0]).toHaveTextContent('Second');
  });

  it('dismisses a toast after 5 seconds', async () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Short-lived', variant: 'success' });
    });
    expect(await screen.findByText('Short-lived')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4500);
    });
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();
  });

  it('moves focus to the notifications with F8', async () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Focus me', variant: 'success' });
    });
    await screen.findByText('Focus me');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toHaveAttribute('data-sonner-toaster');
  });
});
