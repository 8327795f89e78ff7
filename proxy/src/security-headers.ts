/**
 * Headers of the admin app's HTML (a static Vite build, so the front door adds them): the same values as the
 * admin locations of nginx/nginx.conf.template (ops/nginx.int.test.ts compares them). Vite's build has no inline
 * script, so scripts come from 'self' only; styles allow 'unsafe-inline' (docs/decisions/0030). The storefront sets
 * its own on its pages (storefront/server/html-cache.ts).
 */
export function adminSecurityHeaders(connectExtra = ''): Record<string, string> {
  const connect = ["'self'", connectExtra.trim()].filter(Boolean).join(' ');
  return {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
      `font-src 'self' data:; connect-src ${connect}; frame-src 'self'; object-src 'none'; base-uri 'self'; ` +
      "form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** A hosted Supabase project (SUPABASE_URL) is the one other origin the admin app talks to (https and its realtime wss). */
export function connectExtraFor(supabaseUrl: string | undefined): string {
  if (!supabaseUrl) return '';
  try {
    const url = new URL(supabaseUrl);
    return `${url.origin} ${url.origin.replace(/^http/, 'ws')}`;
  } catch {
    return '';
  }
}
