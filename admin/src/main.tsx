import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './index.css';

// The pages' Content-Security-Policy has no 'unsafe-eval': zod must not even probe `new Function` (Chromium reports
// the caught probe as a violation). docs/decisions/0030-production-front-door.md
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
