import { describe, expect, it } from 'vitest';
import { HexColorSchema, HttpUrlSchema, MESSAGES, OptionalHttpUrlSchema, shortText } from './primitives';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('HexColorSchema', () => {
  it.each(['#1E293B', '#abcdef', '#ABCDEF', '#000000', '#ffffff'])('accepts %s', (value) => {
    expect(HexColorSchema.parse(value)).toBe(value);
  });

  it('trims surrounding spaces', () => {
    expect(HexColorSchema.parse(' #1E293B ')).toBe('#1E293B');
  });

  it.each([
    'red;}body{x:y',
    '#fff',
    '#12345G',
    'red',
    '1E293B',
    '#1E293B;',
    '#1E293B00',
    '#1E293B} body{background:url(x)}',
    'rgb(0,0,0)',
    '',
  ])('refuses %j with the colour message', (value) => {
    expect(messageOf(HexColorSchema.safeParse(value))).toBe(MESSAGES.invalidColor);
  });
});

describe('HttpUrlSchema', () => {
  it.each([
    'https://example.com',
    'http://example.com/logo.png',
    'https://cdn.example.com/a/b.png?size=2#x',
    'http://localhost:3000/x.png',
  ])('accepts %s', (value) => {
    expect(HttpUrlSchema.parse(value)).toBe(value);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'ftp://x',
    'file:///etc/passwd',
    '/logo.png',
    'logo.png',
    '//example.com/logo.png',
    'example.com',
    'not a url',
    'https://',
    '',
  ])('refuses %j with "Please enter a valid URL"', (value) => {
    expect(messageOf(HttpUrlSchema.safeParse(value))).toBe('Please enter a valid URL');
  });

  it('refuses URLs longer than 2048 characters', () => {
    const long = `https://example.com/${'a'.repeat(2048)}`;
    expect(messageOf(HttpUrlSchema.safeParse(long))).toBe('Please enter a valid URL');
  });
});

describe('OptionalHttpUrlSchema', () => {
  it('keeps an empty value empty', () => {
    expect(OptionalHttpUrlSchema.parse('')).toBe('');
  });

  it('accepts an http(s) URL and refuses anything else with the URL message', () => {
    expect(OptionalHttpUrlSchema.parse('https://example.com/a.png')).toBe('https://example.com/a.png');
    const result = OptionalHttpUrlSchema.safeParse('javascript:alert(1)');
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('Please enter a valid URL');
  });
});

describe('shortText', () => {
  it('trims and caps length with a readable message', () => {
    const schema = shortText(5);
    expect(schema.parse('  abcde  ')).toBe('abcde');
    expect(messageOf(schema.safeParse('abcdef'))).toBe('Must be at most 5 characters');
  });

  it('defaults to 200 characters', () => {
    expect(shortText().safeParse('a'.repeat(200)).success).toBe(true);
    expect(messageOf(shortText().safeParse('a'.repeat(201)))).toBe('Must be at most 200 characters');
  });
});
