import { z } from './zod';

/** Custom domains (issue 16): what the api answers and the dashboard shows. */

/**
 * pending: the records are not seen yet (re-checked in the background for 72 hours); verified: proven, an alias that
 * redirects to the primary; active: proven and the shop's primary address; failed: `reason` says why.
 */
export type DomainStatus = 'pending' | 'verified' | 'active' | 'failed';

export interface DnsRecord {
  type: 'CNAME' | 'A' | 'AAAA' | 'TXT';
  name: string;
  value: string;
}

export interface ShopDomain {
  id: string;
  hostname: string;
  status: DomainStatus;
  reason: string | null;
  /** The shop's site is served here; every other proven domain of the shop redirects to it. */
  primary: boolean;
  /** The records the owner creates at their DNS provider. */
  records: DnsRecord[];
  checkedAt: string | null;
  createdAt: string;
}

export const AddDomainSchema = z
  .object({
    hostname: z.string({ message: 'Enter a domain, like www.yourshop.com' }).max(300, 'That domain is too long'),
  })
  .strict();

export const DomainPatchSchema = z.object({ primary: z.literal(true, { message: 'Send {"primary": true}' }) }).strict();

/** The TXT record's value for a domain's token. */
export const domainTxtValue = (token: string) => `barberly-verify=${token}`;
/** The TXT record's name: `_barberly.{domain}`. */
export const domainTxtName = (hostname: string) => `_barberly.${hostname}`;

export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain, like www.yourshop.com',
  ipAddress: 'Enter a domain name, not an IP address',
  tooShort: 'Enter the whole domain, like www.yourshop.com',
  publicSuffix: 'That is a public suffix, not a domain of your own',
  platform: (appDomain: string) => `Addresses under ${appDomain} are already yours: use your shop's subdomain`,
  apexNeedsAddress:
    'This Barberly cannot serve a bare domain like yourshop.com: connect a subdomain such as www.yourshop.com',
  exists: 'This shop already has that domain',
  taken: 'This domain is already connected to another shop',
  tooMany: 'A shop can connect at most 5 domains',
  notFound: 'Domain not found',
  notVerified: 'Only a verified domain can be the primary one',
  txtMissing: (name: string) => `TXT record ${name} not found yet`,
  txtWrong: (name: string) => `TXT record ${name} has the wrong value`,
  cnameMissing: (name: string, target: string) => `CNAME record ${name} pointing to ${target} not found yet`,
  cnameWrong: (name: string, found: string, target: string) => `CNAME record ${name} points to ${found}, not ${target}`,
  addressMissing: (name: string, ip: string) => `A record ${name} pointing to ${ip} not found yet`,
  addressWrong: (type: 'A' | 'AAAA', name: string, found: string, want: string) =>
    `${type} record ${name} points to ${found}, not ${want}`,
  lookupFailed: 'The DNS lookup failed; we will try again',
  expired: 'The DNS records were not found within 72 hours; check them and press Check now',
} as const;

/** A shop may connect this many domains (a primary and its aliases). */
export const MAX_DOMAINS_PER_SHOP = 5;
