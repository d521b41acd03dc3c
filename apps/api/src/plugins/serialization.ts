/**
 * Answers are written by serializers compiled from the routes' zod response schemas: each schema
 * is turned into JSON Schema once, at start, and fast-json-stringify builds a function that writes
 * exactly its fields (docs/decisions/022-lean-request-path.md). Checking every answer against zod
 * costs as much as the rest of a request, so production does not; tests (NODE_ENV=test) check each
 * answer against its zod schema and against what the compiled serializer wrote, so a wrong shape,
 * or a schema the compiler reads differently from zod, fails the test that produced it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A compiled serializer wrote something other than what zod makes of the same answer. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, written: string, expected: string) {
    super(`The compiled serializer of ${method} ${url} wrote ${written.slice(0, 300)} where zod gives ${expected.slice(0, 300)}`);
  }
}

/**
 * Serializers already built, by their JSON Schema's text: building one is most of an app's start
 * after the database, and every app a process builds (the tests build hundreds) asks for the same
 * few hundred. A serializer is a pure function of its schema, so any app may use another's.
 */
const built = new Map<string, (data: unknown) => string>();

/** A serializer compiled from the zod schema's JSON Schema, or none if it has no JSON form. */
function compile(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    // draft-07: the dialect fast-json-stringify reads (tuples as `items: [...]`, `definitions`).
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    delete jsonSchema.$schema;
    const key = JSON.stringify(jsonSchema);
    let stringify = built.get(key);
    if (!stringify) built.set(key, (stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0])));
    return stringify;
  } catch {
    // Transforms and other types without a JSON form: zod writes them, as before.
    return null;
  }
}

/** A writer that checks each answer against zod and against zod's own JSON first (tests). */
function checked(zodSchema: z.ZodType, stringify: (data: unknown) => string, method: string, url: string) {
  return (data: unknown) => {
    const result = z.safeEncode(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const written = stringify(data);
    const expected = JSON.stringify(result.data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new SerializerMismatchError(method, url, written, expected);
    }
    return written;
  };
}

export function responseSerializerCompiler({ checkWithZod }: { checkWithZod: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route;
    const stringify = schema instanceof z.ZodType ? compile(schema) : null;
    if (!stringify) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return checkWithZod ? checked(schema as z.ZodType, stringify, method, url) : stringify;
  };
}

/**
 * Answers that are the same for every visitor until their data changes (the menu, the room list)
 * or are built from such parts (each free room of a search) are written once and kept as UTF-8
 * bytes: sending bytes skips both the serializer and the encoding of the text on every request,
 * which for Russian texts is most of an answer's cost (docs/decisions/022-lean-request-path.md).
 * The writer is the route's own compiled serializer, checked against zod in tests like any other.
 */
export function jsonBytesWriter<T>(schema: z.ZodType<T>, label: string, checkWithZod: boolean): (value: T) => Buffer {
  const stringify = compile(schema);
  if (!stringify) throw new Error(`${label}: its schema has no JSON form to compile`);
  const write = checkWithZod ? checked(schema, stringify, 'GET', label) : stringify;
  return (value) => Buffer.from(write(value), 'utf8');
}

/**
 * JSON bytes shared by many answers, written once per source object (the menu's rows, a room as
 * availability.ts keeps it: replaced when they change, so the bytes go with them). What is
 * written must depend on the source and the server's settings only, not on who asks.
 */
export function keptJsonBytes<K extends object, T, A>(write: (value: T) => Buffer, present: (source: K, context: A) => T) {
  const kept = new WeakMap<K, Buffer>();
  return (source: K, context: A): Buffer => {
    let bytes = kept.get(source);
    if (!bytes) kept.set(source, (bytes = write(present(source, context))));
    return bytes;
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends kept JSON bytes as the answer; the route's schema still documents their shape. A handler
 * with nothing to wait for calls it and returns nothing: one that returned the reply from an async
 * function would make Fastify wait for the answer's end through the reply's `then`, with listeners
 * added to the response and removed again for every request.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(bytes);
}
