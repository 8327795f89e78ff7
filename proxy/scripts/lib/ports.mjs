import net from 'node:net';

/**
 * Resolves true when `port` can be bound on `host` (undefined: every interface, as the proxy binds by default).
 * EADDRINUSE and EACCES mean "not available"; anything else is a real error.
 */
export function canListen(port, host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const taken = new Set();

/** Keeps `port` out of freeInternalPort's answers: the public PORT is free until the proxy binds it, late. */
export function reservePort(port) {
  taken.add(port);
}

/**
 * A free port on 127.0.0.1 in 20000-32000: below the range the machine hands out to client sockets (32768+),
 * never one this process already handed out.
 */
export async function freeInternalPort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (taken.has(port)) continue;
    if (await canListen(port, '127.0.0.1')) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('could not find a free port between 20000 and 32000');
}
