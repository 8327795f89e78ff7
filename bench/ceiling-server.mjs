// The ceiling: bare node:http answering one file's bytes from memory, as cheaply as Node can.
// Usage: node bench/ceiling-server.mjs FILE PORT
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = { 'content-type': 'text/html;charset=utf-8', 'content-length': body.length };
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
