// Prefixed, optionally coloured output for the launcher and the processes it runs.

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

/**
 * Copies a child's stdout and stderr line by line, each line prefixed with the child's name. One write per chunk
 * the child sent, not per line: the servers write their access lines in batches, and a write per line cost the
 * launcher 5-8 µs of CPU per request on the servers' core (docs/benchmarks.md, issue 29). A line split across two
 * chunks waits for its end; what is left when the stream ends is written as a line.
 */
export function pipeOutput(name, child) {
  if (child.stdout) relayLines(child.stdout, process.stdout, prefix(name));
  if (child.stderr) relayLines(child.stderr, process.stderr, prefix(name));
}

export function relayLines(input, output, label) {
  let rest = '';
  input.setEncoding('utf8');
  input.on('data', (chunk) => {
    const text = rest + chunk;
    const end = text.lastIndexOf('\n');
    if (end === -1) {
      rest = text;
      return;
    }
    rest = text.slice(end + 1);
    output.write(`${label} ${text.slice(0, end).replace(/\r?\n/g, `\n${label} `).replace(/\r$/, '')}\n`);
  });
  input.on('end', () => {
    if (rest) output.write(`${label} ${rest.replace(/\r$/, '')}\n`);
    rest = '';
  });
}
