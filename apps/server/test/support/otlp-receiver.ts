import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'protobufjs';

export interface ReceivedSpan {
  name: string;
  attributes: Record<string, unknown>;
}

/**
 * The part of OTLP's ExportTraceServiceRequest (opentelemetry-proto, collector/trace/v1 and
 * trace/v1) a test reads: spans' names and attributes. Fields left out are skipped.
 */
const OTLP_TRACES = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { repeated ScopeSpans scope_spans = 2; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  string name = 5;
  repeated KeyValue attributes = 9;
}
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
  }
}
`;

interface OtlpSpans {
  resourceSpans?: {
    scopeSpans?: {
      spans?: {
        name: string;
        attributes?: { key: string; value?: Record<string, unknown> }[];
      }[];
    }[];
  }[];
}

const exportRequest = parse(OTLP_TRACES).root.lookupType('ExportTraceServiceRequest');

/** A posted export as OTLP/JSON's shape, whichever encoding it came in. */
function decode(contentType: string | undefined, body: Buffer): OtlpSpans {
  if (contentType === 'application/x-protobuf') {
    // Field names and values as OTLP/JSON writes them: a key and one `...Value` per attribute.
    return exportRequest.toObject(exportRequest.decode(body), { longs: Number }) as OtlpSpans;
  }
  return JSON.parse(body.toString()) as OtlpSpans;
}

/**
 * A loopback OTLP/HTTP receiver: every span posted to /v1/traces, protobuf or JSON, and the
 * content type of every export (which says what the exporter spoke).
 */
export async function otlpReceiver(): Promise<{
  server: Server;
  url: string;
  spans: ReceivedSpan[];
  contentTypes: Set<string | undefined>;
}> {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string | undefined>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const contentType = req.headers['content-type'];
      if (req.method === 'POST' && req.url === '/v1/traces') {
        contentTypes.add(contentType);
        const posted = decode(contentType, Buffer.concat(chunks));
        for (const resource of posted.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              const attributes = Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, Object.values(a.value ?? {})[0]]),
              );
              spans.push({ name: span.name, attributes });
            }
          }
        }
      }
      // An empty ExportTraceServiceResponse: all accepted.
      if (contentType === 'application/x-protobuf') {
        res.writeHead(200, { 'content-type': contentType }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, spans, contentTypes };
}
