import type { FastifyError, FastifyInstance } from 'fastify';
import { REQUIRED } from '@pawsy/contract';
import { z } from 'zod';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isConcurrencyFailure } from '../db/index.ts';
import { AppError } from '../lib/app-error.ts';

type FieldError = { path: string; message: string };

/** zod's name of an expected type, as a sentence says it ("bookingId must be text"). */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  tuple: 'a list',
  date: 'a date',
};

/** An enum's choices as a person reads them: `one of "a", "b" or "c"`. */
function choicesOf(values: readonly unknown[]): string {
  const quoted = values.map((v) => JSON.stringify(v));
  if (quoted.length === 1) return quoted[0]!;
  return `one of ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/**
 * zod's own wording, for the checks no schema words itself, in the contract's words (DESIGN §4):
 * a field left out is the contract's REQUIRED, which the error handler words "<field> is
 * required"; a value of the wrong type reads "<field> must be text" (", not a list" for a
 * repeated query parameter or an array), an unknown choice "<field> must be one of …". Schemas
 * with a message of their own keep it.
 */
z.config({
  customError: (issue) => {
    if (
      issue.input === undefined &&
      (issue.code === 'invalid_type' ||
        issue.code === 'invalid_union' ||
        issue.code === 'invalid_value')
    )
      return REQUIRED;
    const field = issue.path?.map(String).join('.') || 'The request';
    if (issue.code === 'invalid_type') {
      const expected = String(issue.expected);
      const words = TYPE_WORDS[expected] ?? `of type ${expected}`;
      const list = Array.isArray(issue.input) && expected !== 'array' && expected !== 'tuple';
      return `${field} must be ${words}${list ? ', not a list' : ''}`;
    }
    if (issue.code === 'invalid_value') return `${field} must be ${choicesOf(issue.values)}`;
    if (issue.code === 'invalid_union') return `${field} is not in an accepted form`;
    return undefined;
  },
});

/** A field's own message, with zod's "left out" spelled "<field> is required". */
function entryMessage(path: string, message: string): string {
  return message === REQUIRED ? `${path || 'body'} is required` : message;
}

/** Words compared without case, spaces or punctuation: "User ID" names `userId`. */
const loosely = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The one-line message of a field's validation error: "<field> is required" (also when the
 * schema's own message says so, in its own words: "User ID is required" for `userId`, "User id is
 * required" for a path's `id`), else "<field>: …".
 */
export function fieldMessage(path: string, message: string): string {
  const own = entryMessage(path, message);
  if (loosely(own).endsWith(loosely(`${path || 'body'} is required`))) return own;
  // A rule over the whole body (or query) names no field: its message stands alone.
  return `${path && !WHOLE_PARTS.has(path) ? `${path}: ` : ''}${own}`;
}

const WHOLE_PARTS = new Set(['body', 'query', 'params']);

type Issue = { path: string | readonly PropertyKey[]; message: string };

/**
 * The answer to input that breaks its schema, whoever checked it (the route's schema, or a
 * service parsing a multipart form): `errors` lists every field, a left-out field reading
 * "<field> is required" there as in the top-level message, which is the first field's.
 */
export function validationFailure(issues: readonly Issue[]): {
  message: string;
  errors: FieldError[];
} {
  const raw = issues.map((i) => ({
    path: typeof i.path === 'string' ? i.path : i.path.map(String).join('.'),
    message: i.message,
  }));
  const first = raw[0];
  const errors = raw.map((e) => ({ path: e.path, message: entryMessage(e.path, e.message) }));
  return {
    message: first ? fieldMessage(first.path, first.message) : 'Invalid request',
    // Two checks of one field can refuse it with the same words; the client needs them once.
    errors: errors.filter(
      (e, i) => errors.findIndex((o) => o.path === e.path && o.message === e.message) === i,
    ),
  };
}

/** validationFailure as the AppError a service throws (a 400 with code VALIDATION). */
export function validationError(issues: readonly Issue[]): AppError {
  const { message, errors } = validationFailure(issues);
  return new AppError('VALIDATION', message, errors);
}

/**
 * Where a string of the input holds U+0000, as a field path (`notes`, `pets.0`), or null.
 * Iterative: a body nested thousands deep must not overflow the stack.
 */
export function nulTextPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, where] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return where;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        stack.push([inner, where ? `${where}.${key}` : key]);
      }
    }
  }
  return null;
}

/** PostgreSQL's "invalid byte sequence" / "untranslatable character": text it cannot store. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** One error model for the whole API: `{ message, code?, errors? }`, never internals in a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  // No text field of the API may hold a NUL character: PostgreSQL cannot store one, so SQLite
  // must not either (one rule on both engines). Multipart fields, read by the handlers, are
  // caught by the database error below.
  // A callback hook (the check is synchronous): no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return done();
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulTextPath(value);
      if (at !== null) {
        const path = part === 'body' ? at || 'body' : at ? `${part}.${at}` : part;
        return done(
          new AppError('VALIDATION', `${path}: Text may not contain NUL characters`, [
            { path, message: 'Text may not contain NUL characters' },
          ]),
        );
      }
    }
    done();
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Refused before its body was read (no session, rate limited, too large): the rest of the body
    // is not waited for, so a client cannot hold the connection by trickling it.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) {
      // Ours to fix or an outside service down (the payment provider, the file store): logged.
      if (error.statusCode >= 500)
        request.log.error({ err: error, cause: error.cause }, 'request failed upstream');
      return reply
        .status(error.statusCode)
        .send({ ...error.details, message: error.message, code: error.code, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = validationFailure(
        error.validation.map((v) => {
          const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return {
            path: where || error.validationContext || '',
            message: v.message ?? 'Invalid value',
          };
        }),
      );
      return reply.status(400).send({ message, code: 'VALIDATION', errors });
    }
    if (UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code))) {
      return reply
        .status(400)
        .send({ message: 'Text may not contain NUL characters', code: 'VALIDATION' });
    }
    if (isConcurrencyFailure(error)) {
      request.log.warn({ err: error }, 'transaction lost a concurrency race');
      return reply.status(409).send({
        message: 'This was changed by another request at the same moment; please try again',
        code: 'CONFLICT',
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error), code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message || 'Bad request';
  }
}
