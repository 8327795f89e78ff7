import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushLogLines, formatAccessLine, isoNow, writeLogLine } from './access-log';

describe('access-log lines', () => {
  let writes: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    writes = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
  });

  afterEach(() => {
    flushLogLines();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('writes the lines of one burst together, in order, within 50 ms', () => {
    writeLogLine('{"n":1}\n');
    writeLogLine('{"n":2}\n');
    writeLogLine('{"n":3}\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
  });

  it('writes at once when a batch reaches 64 KB, so a flood cannot grow it without bound', () => {
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) writeLogLine(line);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(64 * 1024);
  });

  it('gives the current time as ISO 8601', () => {
    vi.setSystemTime(new Date('2026-11-21T08:00:00.123Z'));
    expect(isoNow()).toBe('2026-11-21T08:00:00.123Z');
    vi.setSystemTime(new Date('2026-11-21T08:00:01.000Z'));
    expect(isoNow()).toBe('2026-11-21T08:00:01.000Z');
  });
});

describe('formatAccessLine', () => {
  it('is one line of JSON with every field, the client strings escaped', () => {
    const line = formatAccessLine({
      service: 'proxy',
      requestId: 'abc-1',
      method: 'GET',
      host: 'joes.localhost:3000"\n',
      path: '/shop/joes/appointments/[redacted]',
      status: 200,
      durationMs: 1.25,
    });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      service: 'proxy',
      msg: 'request',
      requestId: 'abc-1',
      method: 'GET',
      host: 'joes.localhost:3000"\n',
      path: '/shop/joes/appointments/[redacted]',
      status: 200,
      durationMs: 1.25,
    });
  });
});
