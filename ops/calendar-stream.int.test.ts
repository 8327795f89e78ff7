/**
 * The live calendar's server-sent events (issue 25 item 4, decision 0189) pass both front doors as they come: nginx
 * (the rendered nginx/nginx.conf.template) and the Node proxy (`npm start`'s), each with a fake api behind it that
 * writes one event, waits until the test has seen it, then writes the next. A buffering or compressing hop would
 * hold the first event back (the fake never ends the response) and the test would fail.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../proxy/src/config';
import { createProxyHandler } from '../proxy/src/routes';
import { freePort, nginxService, type Service } from './support/processes';

const STREAM_PATH = '/api/shops/5b0c3c9e-2f0a-4a57-9c56-0d6f9b1f4c11/calendar/stream';
const DOMAIN = 'barberly.test';

let api: http.Server;
let apiPort: number;
let proxy: http.Server;
let proxyPort: number;
let nginx: Service;
let nginxDir: string;
let nginxPort: number;
let adminRoot: string;
/** Writes the next event on every open stream of the fake api. */
const openStreams = new Set<http.ServerResponse>();

beforeAll(async () => {
  // Like the api, minus X-Accel-Buffering: nginx's own location for the stream must not buffer it either.
  api = http.createServer((req, res) => {
    if (!req.url?.endsWith('/calendar/stream')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write('retry: 3000\n\nid: 1\nevent: ready\ndata: {"scope":"shop"}\n\n');
    openStreams.add(res);
    res.on('close', () => openStreams.delete(res));
  });
  apiPort = await freePort();
  await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));

  adminRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-admin-stream-'));
  fs.writeFileSync(path.join(adminRoot, 'index.html'), '<!doctype html><title>admin</title>');
  proxyPort = await freePort();
  proxy = http.createServer(
    createProxyHandler(
      loadConfig({
        PORT: String(proxyPort),
        API_URL: `http://127.0.0.1:${apiPort}`,
        STOREFRONT_URL: `http://127.0.0.1:${apiPort}`,
        ADMIN_DIR: adminRoot,
        APP_DOMAIN: 'localhost',
      }),
    ),
  );
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

  nginxPort = await freePort();
  const front = nginxService({
    appDomain: DOMAIN,
    port: nginxPort,
    apiUpstreams: [`127.0.0.1:${apiPort}`],
    storefrontUpstreams: [`127.0.0.1:${apiPort}`],
    adminRoot,
  });
  nginxDir = front.dir;
  nginx = await front.service.start();
}, 60_000);

afterAll(async () => {
  for (const res of openStreams) res.end();
  await nginx?.stop('SIGQUIT');
  if (nginxDir) fs.rmSync(nginxDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  api?.closeAllConnections();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  if (adminRoot) fs.rmSync(adminRoot, { recursive: true, force: true });
});

/** Opens the stream through a front door (asking for gzip, as browsers do) and reads events as they arrive. */
function openThrough(port: number, host: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; next(): Promise<string>; close(): void }>(
    (resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: STREAM_PATH, headers: { host, 'accept-encoding': 'gzip, br' } },
        (res) => {
          let text = '';
          let wake: (() => void) | null = null;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            wake?.();
          });
          const next = () =>
            new Promise<string>((done, fail) => {
              const timer = setTimeout(() => fail(new Error(`no event came through; so far: ${text}`)), 10_000);
              const check = () => {
                const match = /event: (\w+)\n/.exec(text);
                if (!match) return;
                text = text.slice(match.index + match[0].length);
                clearTimeout(timer);
                wake = null;
                done(match[1]!);
              };
              wake = check;
              check();
            });
          resolve({ headers: res.headers, next, close: () => req.destroy() });
        },
      );
      req.on('error', reject);
    },
  );
}

describe.each([
  ['nginx', () => nginxPort, `www.${DOMAIN}`],
  ['the proxy', () => proxyPort, 'localhost'],
])('the calendar stream through %s', (_name, port, host) => {
  it('passes each event on as it comes, uncompressed, while the stream stays open', async () => {
    const stream = await openThrough(port(), host);
    try {
      expect(stream.headers['content-type']).toContain('text/event-stream');
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(await stream.next()).toBe('ready');
      for (const res of openStreams) res.write('id: 2\nevent: change\ndata: {"kind":"appointment"}\n\n');
      expect(await stream.next()).toBe('change');
    } finally {
      stream.close();
    }
  });
});
