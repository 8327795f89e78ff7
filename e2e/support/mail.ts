// Mail in the e2e stack has no SMTP server: the api writes each message to its log (stack.log). A journey reads the
// link a person would click from there.
import fs from 'node:fs';
import { STACK_ENV } from './stack';

/** The newest path matching `pattern` in a mail logged to `to`, waiting up to 10 s for it to be written. */
export async function mailedPath(to: string, pattern: RegExp): Promise<string> {
  const logFile = process.env[STACK_ENV.logFile];
  if (!logFile) throw new Error('E2E_STACK_LOG is not set: run through Playwright (global-setup starts the stack)');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"to":"${to}"`));
    for (const line of lines.reverse()) {
      const match = pattern.exec(line);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
