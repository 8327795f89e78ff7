import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutes, formatPrice, formatUsd } from './index';

describe('formatPrice (public page)', () => {
  it.each([
    [25, '$25'],
    [0, '$0'],
    [25.5, '$25.50'],
    [19.99, '$19.99'],
    [1000, '$1000'],
    ['30', '$30'],
    ['12.5', '$12.50'],
  ])('%j gives %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, 'abc', Number.POSITIVE_INFINITY])('%j gives $0', (value) => {
    expect(formatPrice(value)).toBe('$0');
  });
});

describe('formatUsd (dashboard)', () => {
  it.each([
    [25, '$25.00'],
    [0, '$0.00'],
    [0.99, '$0.99'],
    [25.5, '$25.50'],
    [1234.5, '$1,234.50'],
  ])('%j gives %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [5, '5 min'],
    [30, '30 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 hr'],
    [75, '1 hr 15 min'],
    [90, '1 hr 30 min'],
    [120, '2 hr'],
    [135, '2 hr 15 min'],
    [180, '3 hr'],
  ])('%i minutes gives %s', (value, expected) => {
    expect(formatDuration(value)).toBe(expected);
  });

  it('treats a missing duration as 0 min', () => {
    expect(formatDuration(null)).toBe('0 min');
    expect(formatDuration(undefined)).toBe('0 min');
  });
});

describe('formatMinutes', () => {
  it('shows the minutes in words', () => {
    expect(formatMinutes(30)).toBe('30 minutes');
    expect(formatMinutes(90)).toBe('90 minutes');
  });
});
