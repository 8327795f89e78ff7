import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';

// The pages' Content-Security-Policy has no 'unsafe-eval': zod must not even probe `new Function` (Chromium reports
// the caught probe as a violation). docs/decisions/0030-production-front-door.md
z.config({ jitless: true });

const container = document.getElementById('root')!;
const start = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// '/' arrives prerendered (decision 0055): let the browser paint that HTML first, then React takes over. Its first
// paint (and so the Largest Contentful Paint) then never waits for the JavaScript to run on a slow phone.
if (container.hasChildNodes() && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
