import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { badRequest } from './app-error.ts';

/** Keys that could reach an object's prototype when a body is merged into another object. */
const SUSPECT = /__proto__|constructor|\\u/;

/**
 * The key that makes a parsed body unsafe, as secure-json-parse (Fastify's default) judges it:
 * `__proto__` anywhere, or a `constructor` holding a `prototype`.
 */
function forbiddenKey(key: string, value: unknown): string | null {
  if (key === '__proto__') return '__proto__';
  if (key === 'constructor' && value !== null && typeof value === 'object')
    return Object.hasOwn(value, 'prototype') ? 'constructor.prototype' : null;
  return null;
}

class ForbiddenKey extends Error {}

/**
 * Parses a JSON body as Fastify's default parser does (bodies that could poison a prototype are
 * refused), but says why: valid JSON with a `__proto__` key is not "not valid JSON".
 * An empty body reads as `{}`: clients that label every call JSON post the bodiless calls of
 * SPEC §7 (send-request, mark-all-read) that way, and a route that needs fields names the first
 * one missing ("bookingId is required") instead of calling the body invalid JSON.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    if (!SUSPECT.test(text)) return JSON.parse(text);
    return JSON.parse(text, function (key, value: unknown) {
      const found = forbiddenKey(key, value);
      if (found) throw new ForbiddenKey(found);
      return value;
    });
  } catch (err) {
    if (err instanceof ForbiddenKey)
      throw badRequest(`Request body must not contain the key ${err.message}`);
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}

/** Registers the JSON body parser on `app`. */
export function useJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string | Buffer, done) => {
      try {
        done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
}
