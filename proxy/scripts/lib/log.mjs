// Prefixed, optionally coloured output for the launcher and the processes it runs.
import readline from 'node:readline';

const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const COLOURS = { launcher: 35, db: 34, build: 90, api: 32, storefront: 36, proxy: 33, admin: 90, common: 90 };
const WIDTH = 10;

export function prefix(name) {
  const label = `[${name}]`.padEnd(WIDTH + 2);
  const colour = COLOURS[name] ?? 37;
  return useColour ? `\u001b[${colour}m${label}\u001b[0m` : label;
}

export function log(name, message) {
  for (const line of String(message).replace(/\n+$/, '').split('\n')) {
    process.stdout.write(`${prefix(name)} ${line}\n`);
  }
}

export function logError(name, message) {
  for (const line of String(message).replace(/\n+$/, '').split('\n')) {
    process.stderr.write(`${prefix(name)} ${line}\n`);
  }
}

/** Copies a child's stdout and stderr line by line, each line prefixed with the child's name. */
export function pipeOutput(name, child) {
  if (child.stdout) {
    readline.createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      process.stdout.write(`${prefix(name)} ${line}\n`);
    });
  }
  if (child.stderr) {
    readline.createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      process.stderr.write(`${prefix(name)} ${line}\n`);
    });
  }
}
