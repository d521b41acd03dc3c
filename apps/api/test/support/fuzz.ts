/**
 * Hostile requests generated from the OpenAPI document, so that a route added later is fuzzed
 * without anyone listing it: for every operation, its path parameters, its query parameters and
 * every field of its JSON body are replaced, one at a time, by values chosen to break things (NUL
 * and other control characters, numbers beyond int4 and beyond doubles, far dates, wrong types,
 * deep nesting, unknown fields). Nothing is random: the same document gives the same requests.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzRequest {
  /** What was changed, for the report: "POST /api/v1/x/ body.first_name = NUL". */
  label: string;
  /** The operation as the document names it, "POST /api/v1/x/{id}/". */
  operation: string;
  method: string;
  url: string;
  /**
   * A raw body (sent as written, with content-type application/json), a value to send as JSON, or
   * a multipart body with its content type.
   */
  payload?: { raw: string } | { json: unknown } | { multipart: Buffer; contentType: string };
  headers?: Record<string, string>;
}

/** Values the generated requests start from, so that the unchanged parts pass and the change is what is tested. */
export interface FuzzContext {
  /** A real id for each path parameter name (ids of the fuzz user's own rows). */
  pathValues: Record<string, string>;
  /** A plausible value for a body field or query parameter by its name, when its schema is not enough. */
  fieldValue(name: string, schema: JsonSchema, operation: string): unknown;
}

/**
 * Which of the two fuzz files sends an admin operation's requests: each is sent by one, as the
 * superuser in both, so sending it from both only repeated requests. The staff's operations on
 * reservations, their bills and room blocks belong to test/platform/fuzz.test.ts, whose guest has a
 * reservation those paths and bodies can name (its requests reach the handlers there, and met only
 * 404s and 422s in the admin file); every other admin operation, a new one too, belongs to
 * test/admin/admin-fuzz.test.ts, whose rooms, dishes and prices give its bodies values that pass
 * (there its requests reach the handlers, and met 422s in the platform file).
 */
export function fuzzedWithTheGuest(operation: string): boolean {
  return / \/api\/v1\/admin\/(reservations|blocks)\//.test(operation);
}

const LONG = 'x'.repeat(10_000);

/** Strings to put where a string belongs. */
export const hostileStrings: [string, string][] = [
  ['NUL', '\u0000'],
  ['NUL inside', 'Anna\u0000Smith'],
  ['C0 controls', '\u0001\u0002\u001b[31m\u001f'],
  ['DEL', 'a\u007fb'],
  ['tab and line breaks', 'a\tb\nc\r\nd'],
  ['lone surrogate', 'a\ud800b'],
  ['emoji', '😀'.repeat(60)],
  ['right-to-left override', 'abc\u202edcba'],
  ['10 000 characters', LONG],
  ['empty', ''],
  ['spaces', '   '],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['path', '../../../../etc/passwd'],
  ['percent NUL', '%00'],
  ['far date', '9999-12-31'],
  ['year 2299', '2299-06-01'],
  ['year 1', '0001-01-01'],
  ['impossible date', '2026-02-30'],
  ['number text', '1e308'],
  ['prototype', '__proto__'],
];

/**
 * Calendar feed addresses that point inside the hotel (issue 21, point 1): loopback in every
 * spelling, private, shared and link-local networks, IPv4 written as IPv6. `port` is where
 * something listens on loopback, so that a fetch that wrongly connects would be answered.
 */
export function insideFeedUrls(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/calendar.ics`,
    `http://localhost:${port}/calendar.ics`,
    `http://LOCALHOST.:${port}/calendar.ics`,
    `http://127.1:${port}/calendar.ics`,
    `http://2130706433:${port}/calendar.ics`,
    `http://0x7f000001:${port}/calendar.ics`,
    `http://0177.0.0.1:${port}/calendar.ics`,
    `http://0.0.0.0:${port}/calendar.ics`,
    `http://[::1]:${port}/calendar.ics`,
    `http://[::ffff:127.0.0.1]:${port}/calendar.ics`,
    `http://[::]:${port}/calendar.ics`,
    `webcal://127.0.0.1:${port}/calendar.ics`,
    `https://127.0.0.1:${port}/calendar.ics`,
    'http://10.0.0.1/calendar.ics',
    'http://172.16.0.1/calendar.ics',
    'http://172.31.255.254/calendar.ics',
    'http://192.168.1.1/calendar.ics',
    'http://100.64.0.1/calendar.ics',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/calendar.ics',
    'http://[fc00::1]/calendar.ics',
    'http://[fe80::1]/calendar.ics',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[64:ff9b::7f00:1]/calendar.ics',
    'http://[2002:7f00:1::]/calendar.ics',
  ];
}

/** Numbers to put where a number belongs (raw JSON, so that 1e400 stays what a client sent). */
export const hostileNumbers: [string, string][] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['int4 max', '2147483647'],
  ['int4 max + 1', '2147483648'],
  ['int8 range', '9223372036854775808'],
  ['beyond safe integers', '9007199254740993'],
  ['1e308', '1e308'],
  ['1e400 (Infinity)', '1e400'],
  ['-1e400', '-1e400'],
  ['tiny', '5e-324'],
];

/** Values of the wrong type, for any field. */
export const wrongTypes: [string, string][] = [
  ['null', 'null'],
  ['true', 'true'],
  ['string', '"1"'],
  ['object', '{"a":1}'],
  ['array', '[1,"2",null]'],
  ['nested arrays', `${'['.repeat(50)}${']'.repeat(50)}`],
  ['object with __proto__', '{"__proto__":{"isAdmin":true}}'],
];

/**
 * Hostile values that something reading the whole body refuses before the route's schema: control
 * characters (the input rule), a __proto__ key (the JSON parser). One field of a body is enough.
 */
const REFUSED_WHEREVER_IN_THE_BODY = new Set(['NUL', 'NUL inside', 'C0 controls', 'DEL', 'object with __proto__']);

/** Strings for a field that takes one of a list (`enum`): what a lookup could stumble on. */
const NOT_IN_A_LIST = new Set(['lone surrogate', '10 000 characters', 'empty', 'prototype']);

/** Whole bodies that are wrong as a whole. */
export const hostileBodies: [string, string][] = [
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"hello"'],
  ['number', '42'],
  ['empty object', '{}'],
  ['truncated JSON', '{"a":'],
  ['NUL byte in JSON text', '{"a":"\u0000"}'],
  ['escaped NUL key', '{"\\u0000":1}'],
  ['__proto__ pollution', '{"__proto__":{"role":"superuser"}}'],
  ['constructor pollution', '{"constructor":{"prototype":{"role":"superuser"}}}'],
  ['deep arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['deep objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
  ['100 000 keys', `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}}`],
];

/** Values for a path parameter that holds an id (or any other path value). */
export const hostilePathValues: [string, string][] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['int4 max', '2147483647'],
  ['int4 max + 1', '2147483648'],
  ['20 digits', '99999999999999999999'],
  ['hex', '0x1'],
  ['exponent', '1e3'],
  ['fraction', '1.5'],
  ['leading zero', '01'],
  ['plus sign', '%2B1'],
  ['space', '%201'],
  ['fullwidth digit', '%EF%BC%91'],
  ['letters', 'abc'],
  ['NUL', '%00'],
  ['control character', '%01'],
  ['bad percent-encoding', '%ZZ'],
  ['cut percent-encoding', '%E2%80'],
  ['dot dot', '..'],
  ['150 characters', '1'.repeat(150)],
  ['SQL', "1'%20OR%20'1'='1"],
];

/** Values for a query parameter (percent-encoded as they would travel). */
export const hostileQueryValues: [string, string][] = [
  ['NUL', '%00'],
  ['control characters', '%01%02%1B'],
  ['bad percent-encoding', '%ZZ'],
  ['empty', ''],
  ['far date', '9999-12-31'],
  ['year 2299', '2299-06-01'],
  ['year 1', '0001-01-01'],
  ['impossible date', '2026-02-30'],
  ['huge number', '99999999999999999999'],
  ['exponent', '1e400'],
  ['negative', '-1'],
  ['hex', '0x10'],
  ['fraction', '1.5'],
  ['10 000 characters', LONG],
  ['SQL', "'%20OR%201=1--"],
];

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  return alternative ? typeOf(alternative) : undefined;
}

/** A value that satisfies the schema (as far as a plain reading of it goes). */
export function exampleOf(schema: JsonSchema, name: string, context: FuzzContext, operation: string): unknown {
  const chosen = context.fieldValue(name, schema, operation);
  if (chosen !== undefined) return chosen;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = exampleOf(property, key, context, operation);
      }
      return value;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(1, minimum + (schema.exclusiveMinimum === true ? 1 : 0));
    }
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date') return '1990-01-01';
      return 'Test value'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return null;
  }
}

function jsonBodySchema(op: Operation): JsonSchema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

const BOUNDARY = 'fuzz-boundary-1799';

/** A multipart/form-data body from fields: text values, or files as { name, type, bytes }. */
export function multipartBody(fields: [string, string | { filename: string; type: string; bytes: Buffer }][]): Buffer {
  const parts = fields.map(([name, value]) => {
    if (typeof value === 'string') {
      return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    return Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
      value.bytes,
      Buffer.from('\r\n'),
    ]);
  });
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Multipart bodies that are wrong in every way an upload can be. */
function hostileMultipart(schema: JsonSchema): [string, FuzzRequest['payload']][] {
  const properties = Object.entries(schema.properties ?? {});
  const fileField = properties.find(([, p]) => p.format === 'binary')?.[0] ?? 'file';
  const textFields = properties.filter(([, p]) => p.format !== 'binary').map(([name]) => name);
  const body = (fields: Parameters<typeof multipartBody>[0]) => ({
    multipart: multipartBody(fields),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const file = (bytes: Buffer, type = 'image/png', filename = 'x.png') => ({ filename, type, bytes });
  const texts = (value: string) => textFields.map((name): [string, string] => [name, value]);
  return [
    ['multipart with no parts', body([])],
    ['multipart file of random bytes', body([...texts('Test value'), [fileField, file(Buffer.from('not an image at all'))]])],
    ['multipart file cut after the PNG signature', body([...texts('Test value'), [fileField, file(PNG_SIGNATURE)]])],
    ['multipart empty file', body([...texts('Test value'), [fileField, file(Buffer.alloc(0))]])],
    ['multipart SVG with a script', body([...texts('Test value'), [fileField, file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 'x.svg')]])],
    ['multipart file name with NUL and path', body([...texts('Test value'), [fileField, file(Buffer.from('x'), 'image/png', '../\u0000evil.png')]])],
    ['multipart text fields with NUL', body([...texts('a\u0000b'), [fileField, file(Buffer.from('x'))]])],
    ['multipart text fields of 10 000 characters', body(texts('x'.repeat(10_000)))],
    ['multipart file as a text field', body([[fileField, 'just text']])],
    ['multipart unknown field', body([['surprise', '1']])],
    ['multipart field twice', body([...texts('one'), ...texts('two')])],
    ['multipart with a broken boundary', { multipart: Buffer.from('--nope\r\nbroken'), contentType: `multipart/form-data; boundary=${BOUNDARY}` }],
    ['multipart without a boundary', { multipart: Buffer.from('x'), contentType: 'multipart/form-data' }],
  ];
}

/** Every hostile request for every operation of the document. */
export function fuzzRequests(document: OpenApiDocument, context: FuzzContext): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const METHOD = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(METHOD)) continue;
      const operation = `${METHOD} ${template}`;
      const parameters = op.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');

      const pathWith = (overrides: Record<string, string> = {}) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? context.pathValues[name] ?? '1');
      const baseQuery: Record<string, string> = {};
      for (const param of queryParams) {
        if (!param.required) continue;
        baseQuery[param.name] = String(exampleOf(param.schema ?? {}, param.name, context, operation));
      }
      const queryString = (query: Record<string, string>, raw: Record<string, string> = {}) => {
        const parts = [
          ...Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
          ...Object.entries(raw).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
        ];
        return parts.length ? `?${parts.join('&')}` : '';
      };

      const bodySchema = jsonBodySchema(op);
      const baseBody = bodySchema ? exampleOf(bodySchema, 'body', context, operation) : undefined;
      const withBody = (payload: FuzzRequest['payload']) => (payload === undefined ? {} : { payload });
      const basePayload = baseBody === undefined ? undefined : { json: baseBody };
      const add = (label: string, url: string, payload: FuzzRequest['payload'] = basePayload, headers?: Record<string, string>) =>
        requests.push({ label: `${operation} ${label}`, operation, method: METHOD, url, ...withBody(payload), ...(headers ? { headers } : {}) });

      const url = `${pathWith()}${queryString(baseQuery)}`;
      add('as documented', url);

      for (const param of pathParams) {
        for (const [label, value] of hostilePathValues) {
          add(`path ${param.name} = ${label}`, `${pathWith({ [param.name]: value })}${queryString(baseQuery)}`);
        }
      }

      for (const param of queryParams) {
        const others = Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== param.name));
        for (const [label, value] of hostileQueryValues) {
          add(`query ${param.name} = ${label}`, `${pathWith()}${queryString(others, { [param.name]: value })}`);
        }
        add(`query ${param.name} repeated`, `${pathWith()}${queryString(others, { [param.name]: '1' })}&${param.name}=2`);
        add(`query ${param.name} missing`, `${pathWith()}${queryString(others)}`);
      }
      add('unknown query parameter', `${pathWith()}${queryString(baseQuery, { surprise: '%00' })}`);

      if (bodySchema && baseBody && typeof baseBody === 'object') {
        const fields = Object.entries(bodySchema.properties ?? {});
        let stringFields = 0;
        for (const [index, [field, schema]] of fields.entries()) {
          const raw = (value: string) => ({ raw: rawWithField(baseBody as Record<string, unknown>, field, value) });
          const type = typeOf(schema);
          if (type === 'string') {
            // Control characters go into the first string field of a body only: the input rule
            // (src/plugins/input-rules.ts) refuses them wherever they are in the body, before the
            // route's schema or handler, so in a second field they took the same path again.
            // A field with a list of values (`enum`) refuses any other string in the route's schema,
            // the one the document is written from, with the same message whatever the string was:
            // it gets the strings that could trip up a lookup, not the seventeen printable ones.
            const strings = (stringFields++ === 0 ? hostileStrings : hostileStrings.filter(([label]) => !REFUSED_WHEREVER_IN_THE_BODY.has(label))).filter(
              ([label]) => !schema.enum || REFUSED_WHEREVER_IN_THE_BODY.has(label) || NOT_IN_A_LIST.has(label),
            );
            for (const [label, value] of strings) add(`body.${field} = ${label}`, url, raw(JSON.stringify(value)));
          }
          if (type === 'integer' || type === 'number') {
            for (const [label, value] of hostileNumbers) add(`body.${field} = ${label}`, url, raw(value));
          }
          if (type === 'array') {
            for (const [label, value] of [...hostileNumbers.slice(3, 9), ...wrongTypes].map(([l, v]) => [l, v] as const)) {
              add(`body.${field} = [${label}]`, url, raw(`[${value}]`));
            }
            add(`body.${field} = 1000 items`, url, raw(`[${Array.from({ length: 1000 }, (_, i) => i + 1).join(',')}]`));
            const item = schema.items ? exampleOf(schema.items.anyOf?.at(-1) ?? schema.items, field, context, operation) : 1;
            for (const [label, value] of hostileStrings.slice(0, 6)) {
              const hostileItem =
                item && typeof item === 'object'
                  ? Object.fromEntries(Object.keys(item).map((k) => [k, value]))
                  : value;
              add(`body.${field} = [item with ${label}]`, url, raw(JSON.stringify([hostileItem])));
            }
          }
          // A __proto__ key, likewise, is refused by the JSON parser wherever it is: once a body.
          for (const [label, value] of index === 0 ? wrongTypes : wrongTypes.filter(([label]) => !REFUSED_WHEREVER_IN_THE_BODY.has(label))) {
            add(`body.${field} = ${label}`, url, raw(value));
          }
          const without = { ...(baseBody as Record<string, unknown>) };
          delete without[field];
          add(`body.${field} missing`, url, { json: without });
        }
        add('body with an unknown field', url, { json: { ...(baseBody as object), surprise: 1 } });
      }
      const multipartSchema = op.requestBody?.content?.['multipart/form-data']?.schema;
      if (multipartSchema) {
        for (const [label, payload] of hostileMultipart(multipartSchema)) add(`body = ${label}`, url, payload);
      }
      if (METHOD !== 'GET' && METHOD !== 'DELETE') {
        for (const [label, value] of hostileBodies) add(`body = ${label}`, url, { raw: value });
      }
      add('header x-request-id with odd characters', url, basePayload, { 'x-request-id': 'a'.repeat(500) });
      add('header cookie with a long session', url, basePayload, { cookie: `sid=${'x'.repeat(4000)}` });
      add('header cookie with a bad session', url, basePayload, { cookie: 'sid=%00%ZZ; signed_in=1' });
      add('header accept-language odd', url, basePayload, { 'accept-language': 'en;q=abc,*;q=-1,' });
      add('header idempotency-key odd', url, basePayload, { 'idempotency-key': `${'k'.repeat(300)}` });
    }
  }
  return requests;
}

/** The base body as JSON text with one field's value replaced by raw JSON text. */
function rawWithField(body: Record<string, unknown>, field: string, rawValue: string): string {
  const entries = Object.entries(body).map(([key, value]) =>
    `${JSON.stringify(key)}:${key === field ? rawValue : JSON.stringify(value)}`,
  );
  if (!(field in body)) entries.push(`${JSON.stringify(field)}:${rawValue}`);
  return `{${entries.join(',')}}`;
}
