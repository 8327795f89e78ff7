/**
 * Built with `vite build --ssr` and run once at build time (scripts/prerender.mjs): the landing page as HTML, so its
 * first paint needs no JavaScript (decision 0055). The same route table and providers as the app; nothing here runs
 * in the browser, and the SPA replaces this markup while the page is still loading (src/main.tsx).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';

export async function renderLanding(origin = 'http://localhost'): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${origin}/`));
  if (context instanceof Response) throw new Error(`the landing route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}
