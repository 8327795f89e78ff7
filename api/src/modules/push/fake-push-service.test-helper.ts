/// <reference path="./http-ece.d.ts" />
// The declaration above travels with this file, so the e2e workspace (which starts this service) typechecks it too.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A local push service for tests (issue 26 item 4), as RFC 8030 (push message delivery), RFC 8292 (VAPID) and
 * RFC 8291 (message encryption) describe it: `POST /push/{id}` with `TTL`, `Content-Encoding: aes128gcm` and
 * `Authorization: vapid t=<JWT>, k=<public key>`. The JWT must be ES256-signed by that key, its `aud` the push
 * service's origin, its `exp` within 24 hours, its `sub` a mailto: or https: contact; when the service was told the
 * application server's key, `k` must be it. The body is decrypted with the subscription's private key and auth
 * secret (the browser's side, kept here); a bad signature is 403, an unknown or dropped subscription 410 (or 404).
 */
export interface ReceivedPush {
  subscriptionId: string;
  ttl: number;
  urgency: string | null;
  payload: unknown;
}

export interface FakePushService {
  /** https://127.0.0.1:port (the web-push package speaks only https). */
  origin: string;
  /** Trusts the service's self-signed certificate: give it to the sender (NotifyDeps.agent). */
  agent: https.Agent;
  /** The certificate in PEM, for NODE_EXTRA_CA_CERTS of a process that sends to this service. */
  certificatePem: string;
  received: ReceivedPush[];
  /** What the browser's PushSubscription.toJSON() gives. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The subscription is gone: the next push to it answers `status` (410 Gone, or 404). */
  drop(endpoint: string, status?: 404 | 410): void;
  rejected: { status: number; reason: string }[];
  close(): Promise<void>;
}

interface Sub {
  ecdh: crypto.ECDH;
  auth: Buffer;
  goneStatus: number | null;
}

const b64url = (b: Buffer) => b.toString('base64url');

export async function startFakePushService(options: { applicationServerKey?: string } = {}): Promise<FakePushService> {
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const rejected: { status: number; reason: string }[] = [];
  let origin = '';

  const refuse = (res: http.ServerResponse, status: number, reason: string) => {
    rejected.push({ status, reason });
    res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
  };

  const { key, cert } = selfSignedCertificate();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return refuse(res, 404, 'not a push resource');
      const subId = match[1] ?? '';
      const sub = subs.get(subId);
      if (!sub) return refuse(res, 404, 'no such subscription');
      if (sub.goneStatus) return refuse(res, sub.goneStatus, 'subscription expired');
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(res, 400, 'TTL header missing');
      const problem = checkVapid(String(req.headers.authorization ?? ''), origin, options.applicationServerKey);
      if (problem) return refuse(res, 403, problem);
      if (req.headers['content-encoding'] !== 'aes128gcm')
        return refuse(res, 415, 'Content-Encoding must be aes128gcm');
      let text: string;
      try {
        text = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: sub.ecdh,
          authSecret: sub.auth,
        }).toString('utf8');
      } catch (err) {
        return refuse(res, 400, `payload does not decrypt: ${(err as Error).message}`);
      }
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {
        // a text payload stays text
      }
      received.push({ subscriptionId: subId, ttl, urgency: (req.headers.urgency as string) ?? null, payload });
      res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    agent: new https.Agent({ ca: cert }),
    certificatePem: cert,
    received,
    rejected,
    subscribe() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subs.set(id, { ecdh, auth, goneStatus: null });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    drop(endpoint, status = 410) {
      const id = endpoint.split('/').pop() ?? '';
      const sub = subs.get(id);
      if (sub) sub.goneStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A P-256 certificate for 127.0.0.1, made by openssl (Debian's) in a temporary directory. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; returns what is wrong, or null. */
function checkVapid(header: string, audience: string, expectedKey?: string): string | null {
  const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header.trim());
  if (!m) return 'Authorization is not vapid t=..., k=...';
  const jwt = m[1] ?? '';
  const k = m[2] ?? '';
  if (expectedKey && k !== expectedKey) return 'k is not the application server key';
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 point';
  const parts = jwt.split('.') as [string, string, string];
  if (parts.length !== 3) return 't is not a JWT';
  const head = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') return 'JWT alg is not ES256';
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(parts[2], 'base64url'),
  );
  if (!ok) return 'JWT signature does not verify with k';
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== audience) return `aud is ${claims.aud}, not ${audience}`;
  const now = Math.floor(Date.now() / 1000);
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) return 'exp is not within 24 hours';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub is not a mailto: or https: contact';
  return null;
}
