import type { PublicConfig } from '@barberly/common';

let pending: Promise<PublicConfig> | null = null;

/** GET /api/config once per page; a failure is not cached so the next caller tries again. */
export function loadConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetch('/api/config', { credentials: 'include', headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
        return (await res.json()) as PublicConfig;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
  }
  return pending;
}
