import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShopPage } from '@barberly/common';

/**
 * A real HTTP server playing the api's GET /api/shops/{slug}: fixture JSON, 404 for unknown slugs, and a count
 * of calls per slug. `hold()` parks the next answers until released, to stage races.
 */
export interface FakeApi {
  url: string;
  calls: (slug?: string) => number;
  set: (slug: string, page: ShopPage | null) => void;
  /** Answers for `slug` wait until the returned function is called; they carry the data current at arrival. */
  hold: (slug: string) => () => void;
  /** Make every answer a 500 (the api is down) until called with false. */
  fail: (on: boolean) => void;
  /** Hang every request (the api stopped with SIGSTOP) until the returned function is called. */
  hang: () => () => void;
  /** Health checks received (the storefront's probes while the api is away). */
  probes: () => number;
  /** GET /api/domains/resolve?host=: a custom domain's shop and primary domain, or null (404). */
  setDomain: (host: string, route: { slug: string; primary: string | null } | null) => void;
  /** Host lookups received per host. */
  hostCalls: (host: string) => number;
  close: () => Promise<void>;
}

export async function startFakeApi(initial: Record<string, ShopPage> = {}): Promise<FakeApi> {
  const shops = new Map(Object.entries(initial));
  const calls = new Map<string, number>();
  const holds = new Map<string, Promise<void>>();
  let failing = false;
  let hanging: Promise<void> | null = null;
  let probes = 0;
  const domains = new Map<string, { slug: string; primary: string | null }>();
  const hostCalls = new Map<string, number>();

  const server: Server = createServer(async (req, res) => {
    if (hanging) await hanging;
    if (req.url === '/healthz') {
      probes++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const resolve = /^\/api\/domains\/resolve\?host=([^&]*)$/.exec(req.url ?? '');
    if (resolve) {
      const host = decodeURIComponent(resolve[1] ?? '');
      hostCalls.set(host, (hostCalls.get(host) ?? 0) + 1);
      const route = domains.get(host);
      if (failing) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"code":"internal","message":"boom"}}');
      } else if (route) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(route));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"no"}}');
      }
      return;
    }
    const match = /^\/api\/shops\/([^/?]+)/.exec(req.url ?? '');
    if (!match?.[1]) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"not_found","message":"Not found"}}');
      return;
    }
    const slug = decodeURIComponent(match[1]);
    calls.set(slug, (calls.get(slug) ?? 0) + 1);
    const snapshot = shops.get(slug);
    const held = holds.get(slug);
    if (held) await held;
    if (failing) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":"internal","message":"boom"}}');
      return;
    }
    if (!snapshot) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"not_found","message":"Shop not found"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls: (slug) => (slug ? (calls.get(slug) ?? 0) : [...calls.values()].reduce((a, b) => a + b, 0)),
    set: (slug, page) => {
      if (page) shops.set(slug, page);
      else shops.delete(slug);
    },
    hold: (slug) => {
      let release!: () => void;
      holds.set(
        slug,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        holds.delete(slug);
        release();
      };
    },
    fail: (on) => {
      failing = on;
    },
    hang: () => {
      let release!: () => void;
      hanging = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        hanging = null;
        release();
      };
    },
    probes: () => probes,
    setDomain: (host, route) => {
      if (route) domains.set(host, route);
      else domains.delete(host);
    },
    hostCalls: (host) => hostCalls.get(host) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
