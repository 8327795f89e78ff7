import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { DOMAIN_MESSAGES } from '@barberly/common';
import { parse } from 'tldts';

export type HostnameCheck = { ok: true; hostname: string; apex: boolean } | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain an owner may connect: IDNA to its ASCII form ('café.com' -> 'xn--caf-dma.com'), lower case, no scheme,
 * path, port or trailing dot; never an IP address, a single label, a public suffix ('co.uk'), localhost, or a name
 * under the platform's own domain. `apex` is true for a registrable domain itself ('example.com', 'example.co.uk').
 */
export function checkHostname(input: string, appDomain: string): HostnameCheck {
  let text = input.trim().toLowerCase();
  // Pasted addresses: 'https://www.example.com/' is meant as 'www.example.com'.
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/\/.*$/, '');
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (!text) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  const bare = text.startsWith('[') ? text.slice(1, -1) : text;
  if (isIP(bare) || /^[\d.]+$/.test(bare) || /^\[.*\]$/.test(text))
    return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  if (/[\s:@/?#\\%]/.test(text)) return { ok: false, message: DOMAIN_MESSAGES.invalid };

  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  const labels = ascii.split('.');
  if (!labels.every((label) => LABEL.test(label))) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  if (labels.length < 2) return { ok: false, message: DOMAIN_MESSAGES.tooShort };
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) return { ok: false, message: DOMAIN_MESSAGES.invalid };

  const platform = appDomain.toLowerCase().replace(/:\d+$/, '');
  if (ascii === platform || ascii.endsWith(`.${platform}`)) {
    return { ok: false, message: DOMAIN_MESSAGES.platform(platform) };
  }

  const parsed = parse(ascii, { allowPrivateDomains: true });
  if (!parsed.domain) {
    // Nothing registrable: a public suffix itself ('co.uk', 'github.io').
    return {
      ok: false,
      message: parsed.isIcann || parsed.isPrivate ? DOMAIN_MESSAGES.publicSuffix : DOMAIN_MESSAGES.invalid,
    };
  }
  if (!parsed.isIcann && !parsed.isPrivate) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  return { ok: true, hostname: ascii, apex: parsed.domain === ascii };
}
