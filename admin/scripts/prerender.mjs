// After `vite build` and `vite build --ssr src/prerender.tsx`: writes the landing page's HTML into dist/index.html
// (served for '/') and keeps the empty shell as dist/spa.html (served for every other client route, so a deep link
// never flashes the landing page). Then removes the SSR bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, 'dist-ssr');
const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

const { renderLanding } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const html = await renderLanding();
if (!html.includes('<h1')) throw new Error('the prerendered landing page has no heading: refusing to ship it');

fs.writeFileSync(path.join(dist, 'spa.html'), shell);
fs.writeFileSync(path.join(dist, 'index.html'), shell.replace(marker, `<div id="root">${html}</div>`));
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered the landing page: ${Math.round(html.length / 1024)} kB of HTML in dist/index.html`);
