/**
 * GET {apiUrl}/api/appointments/manage/{token}, for rendering the client's manage page with its appointment in the
 * HTML (issue 28: the page waited for its script, then for this read, 2.2 s on a slow phone). Any failure answers
 * null and the browser reads the appointment itself, as before. The answer is private: the page that carries it is
 * `private, no-store` and never enters the page cache (html-cache.ts).
 */
const TIMEOUT_MS = 1_500;

export type LoadManaged = (token: string, client: string) => Promise<unknown | null>;

export function createManagedApi(apiUrl: string): LoadManaged {
  const base = apiUrl.replace(/\/+$/, '');
  return async (token, client) => {
    if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) return null;
    try {
      const res = await fetch(`${base}/api/appointments/manage/${token}`, {
        headers: { accept: 'application/json', 'x-forwarded-for': client },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status !== 200) return null;
      return (await res.json()) as unknown;
    } catch {
      return null;
    }
  };
}
