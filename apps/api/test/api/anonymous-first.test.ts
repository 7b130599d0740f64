import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * DESIGN §4: a call that needs a session answers 401 without one, whatever else is wrong with it.
 * Every operation the OpenAPI document marks as needing the auth token is called with the secret
 * key but no token, with input that would fail validation (a bad path id, a bad page, an empty
 * body): the session is checked first, so each answers 401, never a 400 that reads the input of
 * someone who has not signed in.
 */
type Operation = { security?: Record<string, string[]>[] };

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.call({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

describe('a call that needs a session, made without one', () => {
  it('answers 401 before looking at its input, on every such operation', async () => {
    const guarded = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.security?.some((s) => 'authToken' in s))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    expect(guarded.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const { path, method } of guarded) {
      const url = `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?page=abc&limit=-1&bookingId=%20`;
      const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const res = await t.call({
        method: method as 'GET',
        url,
        ...(withBody ? { payload: { rating: 'five', amount: -1 } } : {}),
      });
      if (res.statusCode !== 401) answers.push(`${method} ${path}: ${res.statusCode} ${res.body}`);
      else expect(res.json().message, `${method} ${path}`).toEqual(expect.any(String));
    }
    expect(answers).toEqual([]);
  });
});
