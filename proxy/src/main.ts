import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type ProxyConfig } from './config';
import { withOps } from './ops';
import { createProxyHandler, type InProcessStorefront } from './routes';

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

interface StartedStorefront extends InProcessStorefront {
  stop: () => Promise<void>;
}

/**
 * STOREFRONT_MODULE: the storefront runs in this process on STOREFRONT_URL's address (the api's notifications
 * still reach it there) and the proxy calls its handler directly (docs/decisions/0041).
 */
async function loadStorefront(): Promise<StartedStorefront | undefined> {
  if (!config.storefrontModule) return undefined;
  // React and Vike pick their production builds from NODE_ENV when first imported.
  process.env.NODE_ENV ??= 'production';
  const url = new URL(config.storefrontUrl);
  const module = (await import(pathToFileURL(config.storefrontModule).href)) as {
    startStorefront: (env: NodeJS.ProcessEnv) => Promise<StartedStorefront>;
  };
  // The proxy writes the access line of every request it hands over; a second line from the storefront would
  // say the same thing at twice the cost.
  return module.startStorefront({ ...process.env, PORT: url.port || '80', HOST: url.hostname, ACCESS_LOG: 'false' });
}

const config = readConfig();
let storefront: StartedStorefront | undefined;
try {
  storefront = await loadStorefront();
} catch (err) {
  console.error(`the storefront could not start in the proxy process: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
let stopping = false;
const server = http.createServer(
  withOps(createProxyHandler(config, { storefront, isStopping: () => stopping }), config, {
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
  server.close(() => {
    if (storefront) void storefront.stop().then(() => process.exit(0));
    else process.exit(0);
  });
  server.closeIdleConnections();
  // Long-lived responses (slow clients) must not keep the process alive forever.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
