import { createServer, type RequestListener, type Server } from 'node:http';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import type { Config } from '../../config';
import { createTestApp, type TestApp } from '../../test/auth-helpers';
import type { TestDatabase } from '../../test/test-db';
import type { AuthOptions } from '.';

/** Listens on a free port in 20000-32000 (retrying when taken); the handler is attached afterwards. */
export async function listenOnFreePort(): Promise<{
  server: Server;
  port: number;
  setHandler(h: RequestListener): void;
}> {
  let handler: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const server = createServer((req, res) => handler(req, res));
    const ok = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) {
      return {
        server,
        port,
        setHandler(h) {
          handler = h;
        },
      };
    }
  }
  throw new Error('no free port found');
}

export interface RunningAuthServer {
  origin: string;
  app: TestApp;
  close(): Promise<void>;
}

/** The real app, really listening, with PUBLIC_ORIGIN pointing at itself (so redirects and `iss` match). */
export async function startAuthServer(
  db: TestDatabase,
  configOverrides: Partial<Record<keyof Config, string>> = {},
  authOptions: AuthOptions = {},
): Promise<RunningAuthServer> {
  const { server, port, setHandler } = await listenOnFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await createTestApp(
    db,
    { PUBLIC_ORIGIN: origin, APP_DOMAIN: 'barberly.test', ...configOverrides },
    authOptions,
  );
  setHandler(app);
  return {
    origin,
    app,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** A Map-backed storage so each client keeps its own session and PKCE verifier. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

/** supabase-js as the admin uses it, in Node. */
export function supabaseClient(origin: string, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(origin, 'public-anon-key', {
    auth: {
      flowType,
      storage: memoryStorage(),
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: ws as unknown as RealtimeTransport },
  });
}
