import { createRequire } from 'node:module';
import type { FastifyOtelInstrumentation as FastifyOtel } from '@fastify/otel';
import type * as Exporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as HttpInstrumentation from '@opentelemetry/instrumentation-http';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';
import type * as TraceNode from '@opentelemetry/sdk-trace-node';
import { serializeReq } from './lib/request-log.ts';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/
 * 0022-observability.md). server.ts imports this module first, so the instrumentations are in
 * place before Fastify, node:http and pg load; the SDK is required synchronously, and only
 * then, so a server without tracing loads none of it. The exporter reads the standard OTEL_*
 * variables (endpoint, headers, BSP delays); it speaks OTLP/HTTP with JSON.
 */
let provider: TraceNode.NodeTracerProvider | undefined;

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const require = createRequire(import.meta.url);
  const sdk = require('@opentelemetry/sdk-trace-node') as typeof TraceNode;
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof Exporter;
  const { HttpInstrumentation: Http } =
    require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentation;
  const { PgInstrumentation: Pg } =
    require('@opentelemetry/instrumentation-pg') as typeof PgInstrumentation;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as {
    FastifyOtelInstrumentation: typeof FastifyOtel;
  };
  provider = new sdk.NodeTracerProvider({
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  // Incoming requests are @fastify/otel's spans, whose URL leaves its credentials out; the HTTP
  // instrumentation traces the calls out (SMTP, Stripe's SDK). It must not see incoming ones at
  // all: one it ignores runs with tracing suppressed, so Fastify's spans would never start.
  new Http({ disableIncomingRequestInstrumentation: true });
  new Pg();
  new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    requestHook: (span, request) => {
      // The id a customer quotes finds the trace too.
      span.setAttribute('http.request.id', request.id);
      span.setAttribute('url.path', serializeReq(request).url);
    },
  });
}

/** Sends the spans still buffered; a shutdown calls it last. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}
