import http from 'node:http';
import { ConfigError, loadConfig, type ProxyConfig } from './config';
import { withOps } from './ops';
import { createProxyHandler } from './routes';

function readConfig(): ProxyConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
let stopping = false;
const server = http.createServer(
  withOps(createProxyHandler(config), config, {
    isStopping: () => stopping,
    accessLog: process.env.ACCESS_LOG !== 'false' && process.env.ACCESS_LOG !== '0',
  }),
);

server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    console.error(`port ${config.port} is already in use`);
  } else {
    console.error('server error:', err);
  }
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `listening on ${config.host ?? '*'}:${port} (api ${config.apiUrl}, storefront ${config.storefrontUrl}, admin ${config.adminDir}, APP_DOMAIN ${config.appDomain})`,
  );
});

function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Long-lived responses (slow clients) must not keep the process alive forever.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
