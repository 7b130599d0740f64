import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type Json = Record<string, unknown>;

const isObjectSchema = (s: unknown) =>
  typeof s === 'object' && s !== null && ('properties' in s || (s as Json).type === 'object');

/**
 * Rewrites what fast-json-stringify would treat differently from zod's strip mode, or returns
 * null when it cannot: `X | null` becomes X with `nullable` (fast-json-stringify picks anyOf
 * branches by validating, and a row with extra fields would fail an object branch that zod
 * strips), and any other combinator over objects (intersections, unions of objects) is refused.
 */
function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const out = schema.map(forFastJson);
    return out.includes(null) ? null : out;
  }
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Json;
  const anyOf = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = anyOf.filter((b) => (b as Json).type !== 'null');
    if (nonNull.length === 1 && typeof nonNull[0] === 'object') {
      const { anyOf: _a, oneOf: _o, ...rest } = node;
      const inner = forFastJson({ ...rest, ...(nonNull[0] as Json) });
      return inner === null ? null : { ...(inner as Json), nullable: true };
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'not'] as const) {
    const branches = node[key];
    if (branches === undefined) continue;
    const list = Array.isArray(branches) ? branches : [branches];
    if (key === 'allOf' || key === 'not' || list.some(isObjectSchema)) return null;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    const converted = forFastJson(value);
    if (converted === null && value !== null) return null;
    out[key] = converted;
  }
  return out;
}
type Compile = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => Serialize;

/**
 * Response serialisation compiled once per route and status with fast-json-stringify, from the
 * JSON Schema of the route's zod response schema (its output side). Like zod's strip mode, only
 * declared properties are written, so internal fields never leak; objects zod lets through
 * (looseObject, records) stay open in the JSON Schema too.
 *
 * A schema JSON Schema cannot express (transforms, custom checks, codecs) keeps zod's
 * serializer. With `verify` (tests), every answer is also serialised by zod and any difference
 * in content is an error (key order may differ: fast-json-stringify writes required properties
 * first): the whole API suite checks that both give the same answers.
 */
export function createResponseSerializer(options: { verify: boolean }) {
  const fallback = zodSerializerCompiler as unknown as Compile;
  const compile: Compile = (route) => {
    const zodSerialize = fallback(route);
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return zodSerialize;
    let fast: Serialize;
    try {
      const json = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      const prepared = forFastJson(json);
      if (prepared === null) return zodSerialize;
      fast = fastJson(prepared as Parameters<typeof fastJson>[0]) as Serialize;
    } catch {
      return zodSerialize;
    }
    if (!options.verify) return fast;
    return (data) => {
      const expected = zodSerialize(data);
      const got = fast(data);
      if (got !== expected && !isDeepStrictEqual(JSON.parse(got), JSON.parse(expected))) {
        throw new Error(
          `fast serializer differs from zod on ${route.method} ${route.url} ` +
            `(${route.httpStatus ?? ''}):\nzod:  ${expected.slice(0, 400)}\nfast: ${got.slice(0, 400)}`,
        );
      }
      return got;
    };
  };
  return compile as unknown as FastifySerializerCompiler<unknown>;
}

/**
 * Sends a body the route's own serialiser already made (`reply.serialize`), kept by the caller
 * for later requests: Fastify sends a string typed as JSON as it is. Returns the reply for the
 * handler to return.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
