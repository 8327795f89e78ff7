import { Resolver } from 'node:dns/promises';
import { DOMAIN_MESSAGES, domainTxtName, domainTxtValue } from '@barberly/common';
import { observeCall } from '../../platform/metrics/metrics';

/** What the platform asks a domain to point at (CUSTOM_DOMAIN_TARGET / _IPV4 / _IPV6). */
export interface DomainTargets {
  /** The CNAME target for this shop: CUSTOM_DOMAIN_TARGET, or {slug}.{APP_DOMAIN}. */
  cname: string;
  ipv4: string | null;
  ipv6: string | null;
}

export type DnsVerdict =
  /** Every record is there with the right value. */
  | { result: 'proven' }
  /** A record is not there (yet): keep checking. */
  | { result: 'missing'; reason: string }
  /** A record is there with another value: the owner must fix it. */
  | { result: 'wrong'; reason: string }
  /** The resolver failed (SERVFAIL, time-out): nothing is known; keep checking. */
  | { result: 'unknown'; reason: string };

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

function absent(err: unknown): boolean {
  return ABSENT.has((err as NodeJS.ErrnoException).code ?? '');
}

/**
 * The resolver with each look-up timed (metrics, decision 0178): "no such record" is an answer; a failure to get one
 * (time-out, SERVFAIL, refused) is an error.
 */
interface Lookups {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

function observedResolver(r: Resolver): Lookups {
  function look<T>(operation: string, fn: (name: string) => Promise<T>) {
    return async (name: string): Promise<T> => {
      const outcome = await observeCall(
        'dns',
        operation,
        () =>
          fn(name).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          ),
        (answer) => 'error' in answer && !absent(answer.error),
      );
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
  }
  return {
    resolveTxt: look('TXT', (name) => r.resolveTxt(name)),
    resolveCname: look('CNAME', (name) => r.resolveCname(name)),
    resolve4: look('A', (name) => r.resolve4(name)),
    resolve6: look('AAAA', (name) => r.resolve6(name)),
  };
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Looks the domain's records up through DNS_RESOLVER ('host:port', e.g. a test server on loopback) or the system's
 * resolvers. The client's word is never taken: only what DNS answers counts.
 */
export function createDnsChecker(options: { resolver?: string | null; timeoutMs?: number }) {
  function resolver(): Lookups {
    const r = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
    if (options.resolver) r.setServers([options.resolver]);
    return observedResolver(r);
  }

  async function check(input: {
    hostname: string;
    apex: boolean;
    token: string;
    targets: DomainTargets;
  }): Promise<DnsVerdict> {
    const dns = resolver();
    const { hostname, apex, token, targets } = input;
    try {
      const txtName = domainTxtName(hostname);
      let txt: string[][] = [];
      try {
        txt = await dns.resolveTxt(txtName);
      } catch (err) {
        if (!absent(err)) throw err;
      }
      const values = txt.map((chunks) => chunks.join(''));
      if (values.length === 0) return { result: 'missing', reason: DOMAIN_MESSAGES.txtMissing(txtName) };
      if (!values.includes(domainTxtValue(token)))
        return { result: 'wrong', reason: DOMAIN_MESSAGES.txtWrong(txtName) };

      if (!apex) {
        let cnames: string[] = [];
        try {
          cnames = (await dns.resolveCname(hostname)).map(bare);
        } catch (err) {
          if (!absent(err)) throw err;
        }
        const want = bare(targets.cname);
        if (cnames.includes(want)) return { result: 'proven' };
        if (cnames.length > 0) {
          return { result: 'wrong', reason: DOMAIN_MESSAGES.cnameWrong(hostname, cnames[0] ?? '', want) };
        }
        // No CNAME: a provider that flattens it answers the platform's address instead.
        if (targets.ipv4 && (await addresses(dns, 'A', hostname)).includes(targets.ipv4)) return { result: 'proven' };
        return { result: 'missing', reason: DOMAIN_MESSAGES.cnameMissing(hostname, want) };
      }

      if (!targets.ipv4) return { result: 'wrong', reason: DOMAIN_MESSAGES.apexNeedsAddress };
      const v4 = await addresses(dns, 'A', hostname);
      if (v4.length === 0) return { result: 'missing', reason: DOMAIN_MESSAGES.addressMissing(hostname, targets.ipv4) };
      const strayV4 = v4.find((ip) => ip !== targets.ipv4);
      if (strayV4 || !v4.includes(targets.ipv4)) {
        return {
          result: 'wrong',
          reason: DOMAIN_MESSAGES.addressWrong('A', hostname, strayV4 ?? v4[0] ?? '', targets.ipv4),
        };
      }
      const v6 = await addresses(dns, 'AAAA', hostname);
      const strayV6 = v6.find((ip) => !targets.ipv6 || ip !== targets.ipv6);
      if (strayV6) {
        return {
          result: 'wrong',
          reason: DOMAIN_MESSAGES.addressWrong('AAAA', hostname, strayV6, targets.ipv6 ?? 'nothing (remove it)'),
        };
      }
      return { result: 'proven' };
    } catch {
      return { result: 'unknown', reason: DOMAIN_MESSAGES.lookupFailed };
    }
  }

  return { check };
}

async function addresses(dns: Lookups, type: 'A' | 'AAAA', hostname: string): Promise<string[]> {
  try {
    return type === 'A' ? await dns.resolve4(hostname) : await dns.resolve6(hostname);
  } catch (err) {
    if (absent(err)) return [];
    throw err;
  }
}

export type DnsChecker = ReturnType<typeof createDnsChecker>;
