import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the launcher, without types.
import { relayLines } from './log.mjs';

/** The launcher's copy of a child's output: every line prefixed once, however the child's writes were cut. */
function relay(chunks: string[]): Promise<string> {
  const input = new PassThrough();
  let out = '';
  relayLines(input, { write: (text: string) => (out += text) }, '[api]     ');
  return new Promise((resolve) => {
    input.on('end', () => setImmediate(() => resolve(out)));
    for (const chunk of chunks) input.write(chunk);
    input.end();
  });
}

describe("the launcher's relay of a child's output", () => {
  it('prefixes each line once, across chunks, with CRLF and empty lines, and ends an unfinished last line', async () => {
    expect(await relay(['one\ntwo\r\nthr', 'ee\n', '\nfour'])).toBe(
      '[api]      one\n[api]      two\n[api]      three\n[api]      \n[api]      four\n',
    );
  });
  it('writes a batch of access lines as they came, in order', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `{"msg":"request","n":${i}}`);
    const out = await relay([
      `${lines.slice(0, 20).join('\n')}\n${lines[20]!.slice(0, 5)}`,
      `${lines[20]!.slice(5)}\n${lines.slice(21).join('\n')}\n`,
    ]);
    expect(out.split('\n').filter(Boolean)).toEqual(lines.map((line) => `[api]      ${line}`));
  });
});
