import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';
import { registerServiceWorker } from './lib/service-worker';

// The pages' Content-Security-Policy has no 'unsafe-eval': zod must not even probe `new Function` (Chromium reports
// the caught probe as a violation). docs/decisions/0030-production-front-door.md
z.config({ jitless: true });

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// '/' arrives prerendered (decision 0055): the browser paints that HTML while the script downloads, then React
// takes over. It takes over synchronously, while the document is still loading (module scripts run before
// DOMContentLoaded): the prerendered markup is replaced before the page reports itself loaded, so nothing a visitor
// (or a test) does on a loaded page ever lands on markup about to be swapped out. A deferred take-over left a window
// after 'load' in which the landing page's elements were detached under the visitor's hands (the flaky
// reduced-motion and carousel checks). Hydration would keep the markup, but the prerender's router tree is not the
// browser router's (React error 418), so React would re-render it anyway.
const root = createRoot(container);
if (container.hasChildNodes()) flushSync(() => root.render(app));
else root.render(app);

// The installable app's service worker (issue 26 item 4): the shell and static files, never api answers.
registerServiceWorker();
