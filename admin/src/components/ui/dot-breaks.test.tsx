import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DotBreaks } from './dot-breaks';

describe('DotBreaks', () => {
  it('keeps each label whole and offers a line break only after each dot', () => {
    const { container } = render(<DotBreaks name="_barberly-verify.www.joescuts.com" />);
    expect(container.textContent).toBe('_barberly-verify.www.joescuts.com');
    const labels = [...container.querySelectorAll('.whitespace-nowrap')].map((el) => el.textContent);
    expect(labels).toEqual(['_barberly-verify.', 'www.', 'joescuts.', 'com']);
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.innerHTML).not.toContain('break-all');
  });
});
