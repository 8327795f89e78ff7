import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { collectProcessMetrics } from './metrics';
import { renderMetrics } from './process-metrics';

/**
 * GET /metrics (Prometheus text) on METRICS_HOST:METRICS_PORT, a port of its own that no front door routes to
 * (nginx and the proxy send nothing there; decision 0178). Nothing is served when the port is unset or 0.
 */
export async function startMetricsServer(options: {
  port: number | undefined;
  host: string;
  service: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<Server | null> {
  collectProcessMetrics(options.service);
  if (!options.port) return null;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found: metrics are at GET /metrics\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: Error) => {
        options.logger.error({ err: err.message }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  options.logger.info({ port: options.port, host: options.host }, 'metrics served at /metrics');
  return server;
}
