import type { Config } from '../../config';

/** Origins our own pages run on: PUBLIC_ORIGIN and the shops' subdomains of APP_DOMAIN, same scheme. */
export function isOwnOrigin(candidate: URL, config: Config): boolean {
  const publicOrigin = new URL(config.PUBLIC_ORIGIN);
  if (candidate.origin === publicOrigin.origin) return true;
  if (candidate.protocol !== publicOrigin.protocol) return false;
  const host = candidate.hostname.toLowerCase();
  const domain = config.APP_DOMAIN.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** Open-redirect protection: only our own origins; anything else goes to PUBLIC_ORIGIN. */
export function safeRedirectTo(value: unknown, config: Config): string {
  if (typeof value === 'string' && value) {
    try {
      const url = new URL(value);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && isOwnOrigin(url, config)) {
        return url.toString();
      }
    } catch {
      // not a URL: fall through
    }
  }
  return config.PUBLIC_ORIGIN;
}
