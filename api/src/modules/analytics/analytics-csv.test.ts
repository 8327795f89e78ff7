import { describe, expect, it } from 'vitest';
import { csvCell } from './analytics-csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Fade, long')).toBe('"Fade, long"');
    expect(csvCell('The "Don"')).toBe('"The ""Don"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Plain')).toBe('Plain');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x"), y')).toBe(`"'=HYPERLINK(""x""), y"`);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(0.1429)).toBe('0.1429');
    expect(csvCell(null)).toBe('');
  });
});
