/**
 * OpenTelemetry traces (issue 30, item 4; decision 0178): when OTEL_EXPORTER_OTLP_ENDPOINT is set, the official
 * Node SDK exports spans over OTLP/HTTP (JSON) to `{endpoint}/v1/traces`, from the http, express, pg and ioredis
 * instrumentations. Unset, nothing of OpenTelemetry is loaded (the imports below are dynamic). The SDK's other OTEL_*
 * variables apply (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, ...). Traces only: metrics
 * are Prometheus's (platform/metrics) and logs are pino's, unless OTEL_METRICS_EXPORTER / OTEL_LOGS_EXPORTER say.
 *
 * The process's bundle imports express, pg and ioredis before any of its code runs, so the instrumentations' load
 * hooks would never see them: once the SDK has started, each is required again, which hands the already-loaded
 * module to the hooks to patch (their prototypes, shared with every import), and Node's built-in modules' ESM
 * bindings are synced with the patched http.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

export interface Tracing {
  /** Sends what is buffered and stops: call before the process exits. */
  shutdown(): Promise<void>;
}

const INSTRUMENTED = ['http', 'https', 'express', 'pg', 'pg-pool', 'ioredis'];

export async function startTracing(
  component: 'api' | 'worker',
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | null> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!endpoint) return null;
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || `barberly-${component}`,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not worth a trace each.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  for (const name of INSTRUMENTED) {
    try {
      require(name);
    } catch {
      // Not installed where this process runs (e.g. ioredis without Redis): nothing to patch.
    }
  }
  syncBuiltinESMExports();
  logger.info({ endpoint, service: env.OTEL_SERVICE_NAME || `barberly-${component}` }, 'traces exported (OTLP/HTTP)');
  return {
    shutdown: () =>
      sdk.shutdown().catch((err: Error) => logger.warn({ err: err.message }, 'traces could not be flushed')),
  };
}
