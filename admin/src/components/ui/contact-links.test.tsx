import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactLinks } from './contact-links';

describe('ContactLinks', () => {
  it("writes a number from the shop's country nationally, and calls it", () => {
    render(<ContactLinks phone="+14155550123" email="" country="US" />);
    const call = screen.getByRole('link', { name: '(415) 555-0123' });
    expect(call).toHaveAttribute('href', 'tel:+14155550123');
  });

  it('writes a number from abroad internationally', () => {
    render(<ContactLinks phone="+442079460958" email="ann@example.com" country="US" />);
    expect(screen.getByRole('link', { name: '+44 20 7946 0958' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com');
  });

  it('shows text that is not a number as it was typed', () => {
    render(<ContactLinks phone="555-0100" email="" country="US" />);
    expect(screen.getByRole('link', { name: '555-0100' })).toBeInTheDocument();
  });
});
