import { gzipSync } from 'node:zlib';
import { multipart, type Part } from './multipart.ts';

/**
 * Hostile requests generated from an OpenAPI document: for each operation, every string it takes
 * (body at any depth, query, path, header) with a NUL or a lone surrogate, every number out of
 * range or of the wrong kind, every field of the wrong type, and bodies a parser must refuse.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export interface HostileRequest {
  /** What was sent, for the failure list: route, where and what. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The field the answer's message must name when it is 400, if the hostile value surely arrived. */
  field?: string;
}

export interface Route {
  method: string;
  path: string;
  operation: Operation;
}

export function routesOf(doc: OpenApiDocument): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

const VIN = '1HGCM82633A004352';
/** Values the schemas do not spell out, by field name. */
const NAMED_SAMPLES: Record<string, unknown> = {
  vin: VIN,
  format: 'json',
  DATA: VIN,
  password: 'Str0ng!pass',
  state: 'CA',
  plate: 'ABC123',
  number: '4242424242424242',
  cvc: '123',
  last4: '4242',
  country: 'US',
  expMonth: 12,
  expYear: 2040,
};

/** A plausible value, so that a hostile one in a sibling field gets as far as it can. */
function sample(schema: Schema | undefined, name: string): unknown {
  if (NAMED_SAMPLES[name] !== undefined) return NAMED_SAMPLES[name];
  if (!schema) return 'a';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (choice) return sample(choice, name);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s, key)]),
      );
    case 'array':
      return [sample(schema.items, name)];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > -1e9 ? schema.minimum : 1;
    case 'boolean':
      return false;
    default:
      return sampleText(schema, name);
  }
}

let emails = 0;

function sampleText(schema: Schema, name: string): string {
  const candidates = [
    /email/i.test(name) ? `hostile.${process.pid}.${(emails += 1)}@example.com` : undefined,
    typeof schema.default === 'string' && schema.default !== '' ? schema.default : undefined,
    '123456',
    VIN,
    'abc',
  ].filter((c): c is string => c !== undefined);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const fits = (c: string) => c.length <= (schema.maxLength ?? Infinity);
  return candidates.find((c) => fits(c) && (!pattern || pattern.test(c))) ?? 'a';
}

type Leaf = { path: (string | number)[]; schema: Schema };

/** Every scalar of a body schema, nested ones included, with its path. */
function leaves(schema: Schema | undefined, path: (string | number)[] = []): Leaf[] {
  if (!schema) return [];
  const choice = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (choice) return leaves({ ...choice, ...(schema.anyOf ? { anyOf: undefined } : {}) }, path);
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, s]) => leaves(s, [...path, key]));
  }
  if (schema.type === 'array') return leaves(schema.items, [...path, 0]);
  return path.length > 0 ? [{ path, schema }] : [];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/**
 * Hostile texts as a JSON string carries them and as a URL carries them. A URL can only carry a
 * surrogate as invalid UTF-8, which the server decodes to U+FFFD or refuses, so in a URL the two
 * surrogate variants would test the same thing and only one is sent.
 */
const HOSTILE_TEXTS = [
  { label: 'NUL', json: 'a\u0000b', uri: 'a%00b' },
  { label: 'lone high surrogate', json: 'a\ud800b', uri: 'a%ED%A0%80b' },
  { label: 'lone low surrogate', json: '\udc00' },
];
const URI_TEXTS = HOSTILE_TEXTS.filter(
  (text): text is (typeof HOSTILE_TEXTS)[number] & { uri: string } => text.uri !== undefined,
);
/** Only a NUL surely arrives through a URL as sent; the message must then name the field. */
const arrives = (text: { label: string }) => text.label === 'NUL';

/** Raw JSON tokens for number fields; some cannot be written by JSON.stringify. */
const HOSTILE_NUMBERS = ['2147483648', '9007199254740993', '1e400', '-1', '1.5', '"abc"'];
const HOSTILE_QUERY_NUMBERS = ['2147483648', '1e400', '-1', '1.5', 'abc', '', 'Infinity', '0x10'];
const WRONG_TYPES = ['{}', '[]', 'null', '12345'];
const RAW = '\u0001raw\u0001';

function jsonWithRaw(body: unknown, path: (string | number)[], token: string): string {
  return JSON.stringify(withValue(body, path, RAW)).replace(JSON.stringify(RAW), token);
}

const dotted = (path: (string | number)[]) => path.join('.');

export interface SweepInputs {
  /** A real PDF, so a multipart upload passes its file checks and reaches the database. */
  pdf: Buffer;
  /** The server's body limit in bytes; one body is sent just over it. */
  bodyLimit: number;
  /** Values of path parameters that name something that exists, such as a user id. */
  known: Record<string, string>;
}

/** Every hostile request for one route, as no one in particular (headers are added later). */
export function hostileRequests(route: Route, inputs: SweepInputs): HostileRequest[] {
  const params = route.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const pathValues = Object.fromEntries(
    pathParams.map((p) => [
      p.name,
      encodeURIComponent(String(inputs.known[p.name] ?? sample(p.schema, p.name))),
    ]),
  );
  const queryValues = Object.fromEntries(
    queryParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema, p.name)))]),
  );
  const content = route.operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const freshBody = () => (jsonSchema ? sample(jsonSchema, '') : undefined);
  const body = freshBody();
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const jsonHeaders = { 'content-type': 'application/json' };

  const url = (pathOverride: Record<string, string> = {}, query: Record<string, string> = {}) => {
    const values = { ...pathValues, ...pathOverride };
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'a');
    const all = { ...queryValues, ...query };
    const search = Object.entries(all)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return search ? `${path}?${search}` : path;
  };
  const request = (
    label: string,
    extra: Partial<HostileRequest> & { payload?: string | Buffer },
  ): HostileRequest => ({
    label: `${route.method} ${route.path} ${label}`,
    method: route.method,
    url: extra.url ?? url(),
    headers: {
      ...(bodyText !== undefined && extra.payload === undefined ? jsonHeaders : {}),
      ...extra.headers,
    },
    payload: extra.payload ?? (hasBody ? bodyText : undefined),
    ...(extra.field ? { field: extra.field } : {}),
  });

  // Every route takes a querystring, declared or not.
  const out: HostileRequest[] = URI_TEXTS.map((text) =>
    request(`unknown query parameter: ${text.label}`, {
      url: url({}, { extra: text.uri }),
      ...(arrives(text) ? { field: 'extra' } : {}),
    }),
  );
  for (const p of pathParams) {
    for (const text of URI_TEXTS) {
      out.push(
        request(`path ${p.name}: ${text.label}`, {
          url: url({ [p.name]: text.uri }),
          ...(arrives(text) ? { field: p.name } : {}),
        }),
      );
    }
  }
  for (const p of queryParams) {
    const isNumber = p.schema?.type === 'integer' || p.schema?.type === 'number';
    for (const text of URI_TEXTS) {
      out.push(
        request(`query ${p.name}: ${text.label}`, {
          url: url({}, { [p.name]: text.uri }),
          ...(arrives(text) ? { field: p.name } : {}),
        }),
      );
    }
    if (isNumber) {
      for (const n of HOSTILE_QUERY_NUMBERS) {
        out.push(request(`query ${p.name}=${n}`, { url: url({}, { [p.name]: n }) }));
      }
    }
    out.push(request(`query ${p.name} twice`, { url: `${url()}&${p.name}=1` }));
  }
  for (const p of headerParams) {
    for (const text of HOSTILE_TEXTS) {
      out.push(request(`header ${p.name}: ${text.label}`, { headers: { [p.name]: text.json } }));
    }
  }
  if (body !== undefined && jsonSchema) {
    for (const leaf of leaves(jsonSchema)) {
      const name = dotted(leaf.path);
      const isNumber = leaf.schema.type === 'integer' || leaf.schema.type === 'number';
      if (!isNumber) {
        for (const text of HOSTILE_TEXTS) {
          out.push(
            request(`body ${name}: ${text.label}`, {
              payload: JSON.stringify(withValue(freshBody(), leaf.path, text.json)),
              headers: jsonHeaders,
              field: name,
            }),
          );
        }
      }
      const tokens = isNumber ? [...HOSTILE_NUMBERS, ...WRONG_TYPES] : WRONG_TYPES;
      for (const token of tokens) {
        out.push(
          request(`body ${name}=${token}`, {
            payload: jsonWithRaw(freshBody(), leaf.path, token),
            headers: jsonHeaders,
          }),
        );
      }
    }
    // A hostile key, and a hostile value where the schema has no field for it.
    out.push(
      request('body: NUL in a key', {
        payload: JSON.stringify({ ...(body as object), 'k\u0000': 'v' }),
        headers: jsonHeaders,
      }),
      request('body: NUL in an unknown field', {
        payload: JSON.stringify({ ...(body as object), extra: ['a\u0000b'] }),
        headers: jsonHeaders,
        field: 'extra.0',
      }),
    );
  }
  const formSchema = content['application/x-www-form-urlencoded']?.schema;
  if (formSchema) {
    const form = sample(formSchema, '') as Record<string, unknown>;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const leaf of leaves(formSchema)) {
      const name = dotted(leaf.path);
      for (const text of URI_TEXTS) {
        const fields = Object.entries(form).map(([k, v]) =>
          k === name ? `${k}=${text.uri}` : `${k}=${encodeURIComponent(String(v))}`,
        );
        out.push(
          request(`form ${name}: ${text.label}`, {
            payload: fields.join('&'),
            headers,
            ...(arrives(text) ? { field: name } : {}),
          }),
        );
      }
    }
  }
  if (hasBody) out.push(...parserRequests(request, bodyText ?? '{}', inputs));
  return out;
}

type MakeRequest = (label: string, extra: Partial<HostileRequest>) => HostileRequest;

/** Bodies no route can accept: broken JSON, lying encodings, odd multipart, too much. */
function parserRequests(request: MakeRequest, bodyText: string, inputs: SweepInputs) {
  const json = { 'content-type': 'application/json' };
  const deep = 20_000;
  const out: HostileRequest[] = [
    request('malformed JSON', { payload: '{"a":', headers: json }),
    request('empty JSON body', { payload: '', headers: json }),
    request('JSON root array', { payload: '[]', headers: json }),
    request('JSON root string', { payload: '"a\\u0000"', headers: json }),
    request('JSON root null', { payload: 'null', headers: json }),
    request('deeply nested JSON', {
      payload: '{"a":['.repeat(deep) + '"a\\u0000"' + ']}'.repeat(deep),
      headers: json,
    }),
    request('__proto__ key', { payload: '{"__proto__":{"x":1}}', headers: json }),
    request('invalid UTF-8', {
      payload: Buffer.concat([
        Buffer.from('{"a":"'),
        Buffer.from([0xff, 0xfe, 0xc0]),
        Buffer.from('"}'),
      ]),
      headers: json,
    }),
    request('JSON as UTF-16', {
      payload: Buffer.from(bodyText, 'utf16le'),
      headers: { 'content-type': 'application/json; charset=utf-16' },
    }),
    request('gzip lie', { payload: bodyText, headers: { ...json, 'content-encoding': 'gzip' } }),
    request('br lie', { payload: bodyText, headers: { ...json, 'content-encoding': 'br' } }),
    request('unknown encoding', {
      payload: bodyText,
      headers: { ...json, 'content-encoding': 'snappy' },
    }),
    request('truncated gzip', {
      payload: gzipSync(bodyText).subarray(0, 12),
      headers: { ...json, 'content-encoding': 'gzip' },
    }),
    request('gzip bomb over the body limit', {
      payload: gzipSync(Buffer.alloc(inputs.bodyLimit * 2, 0x20)),
      headers: { ...json, 'content-encoding': 'gzip' },
    }),
    request('body over the limit', {
      payload: `{"a":"${'x'.repeat(inputs.bodyLimit)}"}`,
      headers: json,
    }),
    request('text/plain body', { payload: 'hello', headers: { 'content-type': 'text/plain' } }),
    request('content type without a type', { payload: bodyText, headers: { 'content-type': ';' } }),
    request('form body with NUL', {
      payload: 'a=%00&b=%ED%A0%80',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  ];
  return [...out, ...multipartRequests(request, inputs)];
}

function multipartRequests(request: MakeRequest, inputs: SweepInputs): HostileRequest[] {
  const file = (name = 'report.pdf'): Part => ({
    name: 'files',
    filename: name,
    contentType: 'application/pdf',
    data: inputs.pdf,
  });
  const form = (parts: Part[]) => multipart(parts);
  const good = form([{ name: 'reportOrderIds', value: 'order-1' }, file()]);
  const fields = form(
    Array.from({ length: 1000 }, (_, i) => ({ name: 'reportOrderIds', value: `o${i}` })),
  );
  const files = form(
    Array.from({ length: 30 }, (_, i) => [
      { name: 'reportOrderIds', value: `o${i}` },
      file(),
    ]).flat(),
  );
  const long = form([{ name: 'reportOrderIds', value: 'x'.repeat(10_000) }, file()]);
  const boundaryOf = (headers: Record<string, string>) =>
    headers['content-type']!.split('boundary=')[1]!;
  const multipartRequest = (label: string, payload: Buffer, headers: Record<string, string>) =>
    request(`multipart: ${label}`, { payload, headers });
  return [
    multipartRequest(
      'unterminated',
      good.payload.subarray(0, good.payload.length - 40),
      good.headers,
    ),
    multipartRequest('1,000 fields', fields.payload, fields.headers),
    multipartRequest('30 files', files.payload, files.headers),
    multipartRequest('gzip lie', good.payload, { ...good.headers, 'content-encoding': 'gzip' }),
    multipartRequest('gzip', gzipSync(good.payload), {
      ...good.headers,
      'content-encoding': 'gzip',
    }),
    multipartRequest('no boundary', good.payload, { 'content-type': 'multipart/form-data' }),
    multipartRequest('other boundary', good.payload, {
      'content-type': 'multipart/form-data; boundary=nope',
    }),
    multipartRequest('empty', Buffer.alloc(0), good.headers),
    multipartRequest(
      'part without a name',
      Buffer.from(
        `--${boundaryOf(good.headers)}\r\n\r\nvalue\r\n--${boundaryOf(good.headers)}--\r\n`,
      ),
      good.headers,
    ),
    multipartRequest('long field', long.payload, long.headers),
    ...HOSTILE_TEXTS.flatMap((text) => {
      const id = form([{ name: 'reportOrderIds', value: text.json }, file()]);
      const name = form([{ name: 'reportOrderIds', value: 'order-1' }, file(`r${text.json}.pdf`)]);
      const key = form([{ name: `reportOrderIds${text.json}`, value: 'order-1' }, file()]);
      return [
        {
          ...multipartRequest(`${text.label} in a field`, id.payload, id.headers),
          field: 'reportOrderIds',
        },
        multipartRequest(`${text.label} in a file name`, name.payload, name.headers),
        multipartRequest(`${text.label} in a field name`, key.payload, key.headers),
      ];
    }),
  ];
}
