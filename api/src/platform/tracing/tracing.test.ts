import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { startTracing } from './tracing';

const require = createRequire(import.meta.url);
const loadedOpenTelemetry = () => Object.keys(require.cache).filter((file) => file.includes('@opentelemetry'));

describe('tracing', () => {
  it('loads nothing of OpenTelemetry while OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const said: string[] = [];
    const logger = {
      info: (_: object, msg: string) => said.push(msg),
      warn: (_: object, msg: string) => said.push(msg),
    };
    expect(await startTracing('api', logger, { OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeNull();
    expect(await startTracing('worker', logger, {})).toBeNull();
    expect(loadedOpenTelemetry()).toEqual([]);
    expect(said).toEqual([]);
    // The same check sees the SDK once something does load it (the check itself can fail).
    await import('@opentelemetry/api');
    expect(loadedOpenTelemetry().length).toBeGreaterThan(0);
  });
});
