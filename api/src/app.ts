import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { authenticate } from './platform/http/auth-context';
import { errorHandler, notFoundHandler } from './platform/http/errors';
import { type ApiDeps, registerApiRoutes, registerHotPaths } from './routes';

export type { AppDeps } from './app-deps';

export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxy (or nginx) may tell us the client's address: loopback, or TRUSTED_PROXIES (docker compose).
  app.set(
    'trust proxy',
    deps.config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
  );

  app.use((req, res, next) => {
    // Every answer is what its Content-Type says (JSON, a calendar file): no browser may sniff it into HTML.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const incoming = req.header('x-request-id');
    req.id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  registerHotPaths(app, deps);
  if (deps.authRouter) app.use('/auth/v1', deps.authRouter);

  // Stripe signs the webhook's exact bytes: its route reads the raw body itself (billing.router.ts).
  const json = express.json({ limit: '100kb' });
  app.use(
    '/api',
    (req, res, next) =>
      req.path === '/billing/stripe/webhook' || req.path === '/payments/webhook' ? next() : json(req, res, next),
    authenticate(deps.verifier),
  );
  registerApiRoutes(app, deps);

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
