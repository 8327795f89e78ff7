#!/usr/bin/env node
// `node scripts/precompress.mjs DIR...`: writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) beside every
// text asset of at least 1 KiB under DIR, once, at build time. The servers (the proxy, the storefront, nginx's
// gzip_static) send these to clients that accept them, so no response is compressed per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const dir of process.argv.slice(2)) {
  if (!fs.existsSync(dir)) continue;
  for (const file of files(dir)) {
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    count++;
    before += data.length;
    after += br.length;
  }
}
console.log(`precompressed ${count} files: ${Math.round(before / 1024)} kB -> ${Math.round(after / 1024)} kB brotli`);
