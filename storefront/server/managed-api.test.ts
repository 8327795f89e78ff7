import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagedApi } from './managed-api';

/** A real HTTP server playing GET /api/appointments/manage/{token}. */
let server: Server;
let url = '';
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const TOKEN = 'A'.repeat(43);

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === `/api/appointments/manage/${TOKEN}`) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"a1","status":"confirmed"}');
    } else if (req.url?.startsWith('/api/appointments/manage/slow')) {
      setTimeout(() => res.writeHead(200).end('{}'), 3_000);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found"}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createManagedApi', () => {
  it("reads the manage link's appointment, passing the client's address on", async () => {
    const load = createManagedApi(url);
    expect(await load(TOKEN, '203.0.113.7')).toEqual({ id: 'a1', status: 'confirmed' });
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('answers null for an unknown link, a malformed token (without asking), and an api too slow to wait for', async () => {
    const load = createManagedApi(url);
    expect(await load('B'.repeat(43), '203.0.113.7')).toBeNull();
    const before = seen.length;
    expect(await load('../../shops/x', '203.0.113.7')).toBeNull();
    expect(seen.length).toBe(before);
    expect(await load(`slow${'C'.repeat(20)}`, '203.0.113.7')).toBeNull();
  });

  it('answers null when the api cannot be reached', async () => {
    expect(await createManagedApi('http://127.0.0.1:9/')(TOKEN, '203.0.113.7')).toBeNull();
  });
});
