import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a random port in 20000-32000 (below the machine's client port range), retrying when taken. */
export async function listenOnFreePort(server: http.Server, attempts = 20): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const ok = await new Promise<boolean>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (err.code === 'EADDRINUSE') resolve(false);
        else reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (ok) return (server.address() as AddressInfo).port;
  }
  throw new Error('no free port found');
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP request to 127.0.0.1 with an explicit Host header (Node's fetch cannot resolve *.localhost). */
export function request(
  port: number,
  options: { path: string; host?: string; method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer | string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `localhost:${port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
