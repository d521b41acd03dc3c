/**
 * Answers are written by serializers compiled from the routes' zod response schemas: each schema
 * is turned into JSON Schema once, at start, and fast-json-stringify builds a function that writes
 * exactly its fields (docs/decisions/022-lean-request-path.md). Checking every answer against zod
 * costs as much as the rest of a request, so production does not; tests (NODE_ENV=test) check each
 * answer against its zod schema and against what the compiled serializer wrote, so a wrong shape,
 * or a schema the compiler reads differently from zod, fails the test that produced it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A compiled serializer wrote something other than what zod makes of the same answer. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, written: string, expected: string) {
    super(`The compiled serializer of ${method} ${url} wrote ${written.slice(0, 300)} where zod gives ${expected.slice(0, 300)}`);
  }
}

/** A serializer compiled from the zod schema's JSON Schema, or none if it has no JSON form. */
function compile(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    // draft-07: the dialect fast-json-stringify reads (tuples as `items: [...]`, `definitions`).
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    delete jsonSchema.$schema;
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    // Transforms and other types without a JSON form: zod writes them, as before.
    return null;
  }
}

export function responseSerializerCompiler({ checkWithZod }: { checkWithZod: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route;
    const stringify = schema instanceof z.ZodType ? compile(schema) : null;
    if (!stringify) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    if (!checkWithZod) return stringify;
    const zodSchema = schema as z.ZodType;
    return (data) => {
      const checked = z.safeEncode(zodSchema, data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = stringify(data);
      const expected = JSON.stringify(checked.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new SerializerMismatchError(method, url, written, expected);
      }
      return written;
    };
  };
}
