import type { Config } from 'vike/types';

const config: Config = {
  // The URL is the credential of one booking waiting on its payment: never in a shared cache, never sent on as a referrer.
  cacheControl: 'private, no-store',
  headersResponse: { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' },
};

export default config;
