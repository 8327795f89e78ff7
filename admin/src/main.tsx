import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';

// The pages' Content-Security-Policy has no 'unsafe-eval': zod must not even probe `new Function` (Chromium reports
// the caught probe as a violation). docs/decisions/0030-production-front-door.md
z.config({ jitless: true });

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// '/' arrives prerendered (decision 0055): let the browser paint that HTML first, then React takes over. Its first
// paint (and so the Largest Contentful Paint) then never waits for the JavaScript to run on a slow phone. React
// hydrates the prerendered page instead of replacing it, so what a visitor already did there (text typed into the
// demo form, the focus, a selection) survives the hand-over; where the page differs from it (a signed-in visitor's
// header), React renders that part anew, as it would have anyway.
const start = () => {
  if (container.hasChildNodes()) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.info('the landing page was rendered anew where it differed:', error),
    });
  } else {
    createRoot(container).render(app);
  }
};
if (container.hasChildNodes() && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
