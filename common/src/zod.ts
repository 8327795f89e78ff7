import { z } from 'zod';

/**
 * zod, configured: every schema of common imports z from here, so this runs before any schema is built, in every
 * bundle. In a browser zod must not probe for `new Function` (its JIT): a strict CSP (script-src without
 * 'unsafe-eval') reports the probe as a violation even though zod catches the error, and the probe runs when an
 * object schema is built. Servers keep the JIT.
 */
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });

export { z };
