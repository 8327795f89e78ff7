import type { PublicConfig } from '@barberly/common';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from './config';

let pending: Promise<SupabaseClient> | null = null;

/**
 * The one auth client. supabase-js (about 45 kB gzip) is imported on first use, after the landing page has painted,
 * so it never weighs on the first view. With the built-in auth, supabaseUrl is the page's own origin (/auth/v1).
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!pending) {
    pending = Promise.all([loadConfig(), import('@supabase/supabase-js')])
      .then(([config, { createClient }]) =>
        createClient(authUrl(config), config.supabaseAnonKey, {
          auth: { flowType: 'pkce', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
        }),
      )
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
  }
  return pending;
}

/**
 * The built-in auth lives at the product's own origin: use the origin the page was opened on (localhost or
 * 127.0.0.1, any port) so auth calls stay same-origin. A hosted Supabase project keeps its own URL.
 */
export function authUrl(config: Pick<PublicConfig, 'supabaseUrl' | 'publicOrigin'>): string {
  const builtIn = config.supabaseUrl.replace(/\/+$/, '') === config.publicOrigin.replace(/\/+$/, '');
  return builtIn ? window.location.origin : config.supabaseUrl;
}

/** supabase-js's default storage key for a project URL: where the session lives in localStorage. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
