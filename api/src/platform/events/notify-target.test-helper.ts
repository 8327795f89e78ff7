import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { ShopChangedEvent } from '@barberly/common';

export interface ReceivedNotification {
  path: string;
  headers: IncomingHttpHeaders;
  body: ShopChangedEvent;
}

/** A real tiny http server standing in for a storefront's /_internal/shop-changed. */
export interface NotifyTarget {
  url: string;
  received: ReceivedNotification[];
  /** Resolves when `count` notifications have arrived in total. */
  waitFor(count: number): Promise<ReceivedNotification[]>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startNotifyTarget(status = 204): Promise<NotifyTarget> {
  const received: ReceivedNotification[] = [];
  const waiters: Array<{ count: number; resolve: (r: ReceivedNotification[]) => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      res.statusCode = status;
      res.end();
      for (const waiter of waiters.splice(0)) {
        if (received.length >= waiter.count) waiter.resolve([...received]);
        else waiters.push(waiter);
      }
    });
  });
  for (let attempt = 0; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    try {
      await listen(server, port);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 20) throw err;
    }
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nobody listens on (bound, then released): notifications to it fail with a refused connection. */
export async function deadUrl(): Promise<string> {
  const target = await startNotifyTarget();
  await target.close();
  return target.url;
}
