import { createRequire } from 'node:module';
import type { FastifyOtelInstrumentation as FastifyOtel } from '@fastify/otel';
import type * as JsonExporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as ProtobufExporter from '@opentelemetry/exporter-trace-otlp-proto';
import type * as HttpInstrumentation from '@opentelemetry/instrumentation-http';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';
import type * as UndiciInstrumentation from '@opentelemetry/instrumentation-undici';
import type * as TraceNode from '@opentelemetry/sdk-trace-node';
import { loggedUrl } from './lib/request-log.ts';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/
 * 0022-observability.md, 0029-tracing-cost.md). server.ts imports this module right after
 * reading .env, so the instrumentations are in place before Fastify, node:http and pg load; the
 * SDK is required synchronously, and only then, so a server without tracing loads none of it.
 * The exporter reads the standard OTEL_* variables (endpoint, headers, BSP delays, sampler); it
 * speaks OTLP over HTTP with protobuf, or JSON when OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL says
 * `http/json` (config.ts refuses any other value at boot).
 */
let provider: TraceNode.NodeTracerProvider | undefined;

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const require = createRequire(import.meta.url);
  const sdk = require('@opentelemetry/sdk-trace-node') as typeof TraceNode;
  const protocol =
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? (require('@opentelemetry/exporter-trace-otlp-http') as typeof JsonExporter)
      : (require('@opentelemetry/exporter-trace-otlp-proto') as typeof ProtobufExporter);
  const { HttpInstrumentation: Http } =
    require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentation;
  const { UndiciInstrumentation: Undici } =
    require('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentation;
  const { PgInstrumentation: Pg } =
    require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentation;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as {
    FastifyOtelInstrumentation: typeof FastifyOtel;
  };
  provider = new sdk.NodeTracerProvider({
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  // Calls out are traced by what they go through: node:http for Stripe's SDK and S3, undici for
  // `fetch` (VinAudit, CarsXE, NHTSA recalls, live vPIC). SMTP (nodemailer, over net and tls)
  // is not: the provider-call metric times it. The HTTP instrumentation must not see incoming
  // requests at all: one it ignores runs with tracing suppressed, so Fastify's span never starts.
  new Http({ disableIncomingRequestInstrumentation: true });
  new Undici();
  new Pg();
  new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // One span per request. A span for every hook and the handler (the default) made a traced
    // decode cost about as much again as the untraced one, sampled or not (0029).
    instrumentHooks: false,
    instrumentHandler: false,
    requestHook: (span, request) => {
      // A request the sampler left out records nothing: no work for it.
      if (!span.isRecording()) return;
      // The id a customer quotes finds the trace too.
      span.setAttribute('http.request.id', request.id);
      span.setAttribute('url.path', loggedUrl(request));
    },
  });
}

/** Sends the spans still buffered; a shutdown calls it last. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}
