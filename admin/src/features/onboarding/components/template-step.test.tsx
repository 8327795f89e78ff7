import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TemplateStep } from './template-step';

describe('TemplateStep', () => {
  it('names each template card by its look alone, with its tagline as the description', async () => {
    const onChange = vi.fn();
    render(<TemplateStep value="classic" onChange={onChange} onBack={vi.fn()} onNext={vi.fn()} />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['Classic', 'Urban', 'Minimalist']);
    const urban = screen.getByRole('radio', { name: 'Urban' });
    expect(urban).toHaveAccessibleName('Urban');
    expect(urban).toHaveAccessibleDescription('Bold and street-smart: high contrast and loud type.');
    await userEvent.click(urban);
    expect(onChange).toHaveBeenCalledWith('urban');
  });
});
