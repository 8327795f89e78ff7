// What the landing page downloads before it can run: the entry script of admin/dist/index.html plus every chunk it
// modulepreloads, each gzipped (zlib, level 9), and the stylesheet for reference.
// Usage: npm run build -w admin && node admin/scripts/initial-js-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);

const size = (href) => {
  const bytes = fs.readFileSync(path.join(dist, href.replace(/^\//, '')));
  return { href, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

const js = [...new Set([...scripts, ...preloads])].map(size);
for (const file of js) console.log(`${file.href}  ${kb(file.raw)} raw  ${kb(file.gzip)} gzip`);
const total = js.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
console.log(`initial JS total: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip (${js.length} files)`);
for (const file of styles.map(size)) console.log(`css ${file.href}  ${kb(file.raw)} raw  ${kb(file.gzip)} gzip`);
