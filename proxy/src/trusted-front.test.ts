import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { forwardedClient, parseTrustedFront, type TrustedFront } from './trusted-front';

const trustedBy = (value: string): TrustedFront => {
  const parsed = parseTrustedFront(value);
  if (!('trusted' in parsed) || !parsed.trusted) throw new Error(`not a front: ${value}`);
  return parsed.trusted;
};

describe('TRUST_PROXY', () => {
  it('trusts nobody by default: the connection is the client', () => {
    for (const value of [undefined, '', 'false', '0']) expect(parseTrustedFront(value)).toEqual({ trusted: null });
    expect(forwardedClient('198.51.100.7', '6.6.6.6', null)).toBe('198.51.100.7');
  });

  it('trusts only the listed front: anyone else saying who they are is ignored', () => {
    const front = trustedBy('10.0.0.5, 192.168.0.0/16 fd00::/8');
    expect(front('10.0.0.5')).toBe(true);
    expect(front('::ffff:192.168.4.2')).toBe(true);
    expect(front('fd12::1')).toBe(true);
    expect(front('10.0.0.6')).toBe(false);
    expect(front('127.0.0.1')).toBe(false);
    expect(forwardedClient('127.0.0.1', '6.6.6.6', front)).toBe('127.0.0.1');
  });

  it("takes the one address the front wrote, never the client's own claims before it", () => {
    const front = trustedBy('true');
    expect(front('127.0.0.1')).toBe(true);
    expect(front('172.20.0.3')).toBe(true);
    expect(front('203.0.113.9')).toBe(false);
    expect(forwardedClient('172.20.0.3', '6.6.6.6, 7.7.7.7, 203.0.113.9', front)).toBe('203.0.113.9');
    expect(forwardedClient('172.20.0.3', 'not-an-address', front)).toBe('172.20.0.3');
  });

  it('refuses a value it cannot read, in words', () => {
    const base = { API_URL: 'http://127.0.0.1:1', STOREFRONT_URL: 'http://127.0.0.1:2', ADMIN_DIR: '/tmp' };
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow(
      /TRUST_PROXY must be false, true, or addresses and networks of the proxy in front \(got "yes"\)/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/40' })).toThrow(/got "10.0.0.0\/40"/);
  });
});
