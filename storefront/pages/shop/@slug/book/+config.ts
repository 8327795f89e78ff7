import type { Config } from 'vike/types';

const config: Config = {
  // The confirmation shows the private manage link: no referrer leaves this page either.
  headersResponse: { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' },
};

export default config;
