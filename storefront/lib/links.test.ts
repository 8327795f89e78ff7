import { describe, expect, it } from 'vitest';
import { directionsHref, safeHttpUrl, telHref } from './links';

describe('safeHttpUrl', () => {
  it('keeps http(s) URLs and drops script, data and relative URLs', () => {
    expect(safeHttpUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeHttpUrl('/logo.png')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
    expect(safeHttpUrl(42)).toBeNull();
  });
});

describe('telHref', () => {
  it('dials the digits of a formatted number, keeping a leading +', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('call us')).toBeNull();
  });
});

describe('directionsHref', () => {
  it('links a maps search for the encoded address, none without an address', () => {
    expect(directionsHref('12 Main St, Springfield & Co')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Main%20St%2C%20Springfield%20%26%20Co',
    );
    expect(directionsHref('  ')).toBeNull();
  });
});
