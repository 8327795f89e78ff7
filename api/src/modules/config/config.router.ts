import { isDevelopmentHost, type PublicConfig } from '@barberly/common';
import { Router } from 'express';
import type { Config } from '../../config';

/** Not a secret: the anon key of the built-in auth is a fixed public value, like a hosted project's anon key. */
export const DEFAULT_ANON_KEY = 'barberly-public-anon-key';

export function toPublicConfig(config: Config): PublicConfig {
  return {
    appDomain: config.APP_DOMAIN,
    publicOrigin: config.PUBLIC_ORIGIN.replace(/\/+$/, ''),
    supabaseUrl: (config.SUPABASE_URL ?? config.PUBLIC_ORIGIN).replace(/\/+$/, ''),
    supabaseAnonKey: config.SUPABASE_ANON_KEY || DEFAULT_ANON_KEY,
    providers: {
      google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
      github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
    },
    environment: isDevelopmentHost(config.APP_DOMAIN) ? 'Development' : 'Production',
  };
}

/** GET /api/config: the only part of the configuration the browser learns. */
export function configRouter(deps: { config: Config }): Router {
  const router = Router();
  const body = toPublicConfig(deps.config);
  router.get('/config', (_req, res) => {
    res.json(body);
  });
  return router;
}
