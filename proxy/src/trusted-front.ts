import net from 'node:net';

/**
 * Which peers may tell the proxy a client's address (TRUST_PROXY). Nobody by default: the proxy is the edge and
 * writes X-Forwarded-For from the connection itself. With a front (a load balancer, Caddy), list its addresses or
 * networks: '10.0.0.5', '10.0.0.0/8', 'fd00::/8', or the names 'loopback' and 'private'. 'true' is the names
 * 'loopback, private' (a front on this machine or its private network); a client from anywhere else is never
 * believed, so it cannot pick the address the api's per-address limits count.
 */
export type TrustedFront = (address: string) => boolean;

const NAMED: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Parses TRUST_PROXY; returns the problem in words for a value it cannot read. */
export function parseTrustedFront(value: string | undefined): { trusted: TrustedFront | null } | { problem: string } {
  const raw = (value ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return { trusted: null };
  const entries = raw === 'true' || raw === '1' ? ['loopback', 'private'] : raw.split(/[\s,]+/).filter(Boolean);
  const list = new net.BlockList();
  for (const entry of entries) {
    const named = NAMED[entry];
    if (named) {
      for (const [address, prefix, family] of named) list.addSubnet(address, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    const bits = prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix);
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > (family === 'ipv4' ? 32 : 128)) {
      return { problem: `must be false, true, or addresses and networks of the proxy in front (got "${entry}")` };
    }
    list.addSubnet(address, bits, family);
  }
  return {
    trusted: (address) => {
      const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
      if (net.isIPv4(bare)) return list.check(bare, 'ipv4');
      return net.isIPv6(bare) && list.check(bare, 'ipv6');
    },
  };
}

/**
 * The client's address the upstreams are told: the connection's, or, when the connection comes from a trusted
 * front, the last address in its X-Forwarded-For (the one that front wrote; anything before it is the client's own
 * claim). One address, never a list: the api never sees what a client wrote.
 */
export function forwardedClient(socketAddress: string, forwardedFor: string | undefined, trusted: TrustedFront | null) {
  if (!trusted?.(socketAddress) || !forwardedFor) return socketAddress;
  const last = forwardedFor.split(',').at(-1)?.trim() ?? '';
  return net.isIP(last.startsWith('::ffff:') ? last.slice(7) : last) ? last : socketAddress;
}
