import { type Logger, pino } from 'pino';

/** Structured JSON logs on stdout. */
export function createLogger(level: string, name = 'api'): Logger {
  return pino({ name, level, base: { service: name } });
}
