/**
 * OpenTelemetry traces (issue 30, item 4; decision 0178): the built api with OTEL_EXPORTER_OTLP_ENDPOINT pointed at
 * a local OTLP/HTTP receiver (this test's, accepting the JSON encoding as the OpenTelemetry protocol documents it)
 * exports a request's spans: the HTTP server span named by its Express route, Express's own, and the PostgreSQL
 * queries and Redis commands made while answering it, all in one trace.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiService,
  buildMissing,
  createDatabase,
  freePort,
  request,
  type Service,
  testRedisUrl,
} from './support/processes';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}

let receiver: http.Server;
let api: Service | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let apiPort: number;
const exports: Array<{ contentType: string | undefined; service: string | undefined; spans: OtlpSpan[] }> = [];

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};
const spans = () => exports.flatMap((e) => e.spans);

async function until<T>(what: string, find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `no ${what} exported; the last spans received:\n${JSON.stringify(
      spans()
        .slice(-20)
        .map((s) => [s.name, s.traceId, s.attributes?.map((a) => a.key)]),
    )}`,
  );
}

beforeAll(async () => {
  buildMissing();
  // POST /v1/traces with an ExportTraceServiceRequest in JSON: resourceSpans[].scopeSpans[].spans[].
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
          scopeSpans: Array<{ spans: OtlpSpan[] }>;
        }>;
      };
      for (const resource of body.resourceSpans) {
        exports.push({
          contentType: req.headers['content-type'],
          service: resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
          spans: resource.scopeSpans.flatMap((s) => s.spans),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  const database = await createDatabase();
  dropDatabase = database.drop;
  apiPort = await freePort();
  api = apiService(apiPort, {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    REDIS_KEY_PREFIX: `bb_ops_${crypto.randomBytes(4).toString('hex')}:`,
    RUN_WORKERS: 'false',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
    // Spans go out a fifth of a second after they end rather than after 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
  await api.start();
}, 180_000);

afterAll(async () => {
  await api?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await dropDatabase?.();
});

describe('traces', () => {
  it('are exported for a request: its route, its database queries and its Redis commands, in one trace', async () => {
    expect(api?.output).toContain('traces exported (OTLP/HTTP)');
    // A sign-up: Express routes it, PostgreSQL stores the account, Redis counts it against the sign-up limits.
    const email = `trace+${crypto.randomBytes(4).toString('hex')}@example.com`;
    const answer = await request(apiPort, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Barberly-trace-Passw0rd!' }),
    });
    expect(answer.status, answer.text).toBe(200);

    const server = await until('server span for the sign-up', () =>
      spans().find((s) => s.kind === 2 && attribute(s, 'http.route') === '/auth/v1/signup'),
    );
    expect(server.name).toBe('POST /auth/v1/signup');
    expect(exports.find((e) => e.spans.includes(server))?.service).toBe('barberly-api');
    expect(exports[0]?.contentType).toContain('application/json');
    const inTrace = () => spans().filter((s) => s.traceId === server.traceId);
    await until('PostgreSQL query in the trace', () =>
      inTrace().find((s) => attribute(s, 'db.system.name') === 'postgresql'),
    );
    await until('Redis command in the trace', () => inTrace().find((s) => attribute(s, 'db.system.name') === 'redis'));
    await until('Express span in the trace', () => inTrace().find((s) => s.name.startsWith('request handler')));
    // Probes are not traced.
    expect((await request(apiPort, '/healthz')).status).toBe(200);
    expect(spans().some((s) => s.name.includes('/healthz'))).toBe(false);
  });
});
