import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import {
  createFixtures,
  describeFinding,
  fuzzEnv,
  operationsOf,
  problemsOf,
  ROLES,
  runFuzz,
  type Fixtures,
} from '../helpers/fuzz.ts';

/**
 * A bounded run of the OpenAPI-driven fuzzer (test/helpers/fuzz.ts): 3 requests for every
 * (operation, role) pair, ~1,600 requests. The full run is `npm run bench:fuzz`.
 * FUZZ_SEED=<n> replays a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  t = await createTestApp(fuzzEnv());
  fx = await createFixtures(t);
}, 60_000);
afterAll(() => closeApp(t), 60_000);

describe('fuzzing every route and role from the OpenAPI document', () => {
  it('never answers 5xx, always a JSON message on 4xx, never a stack or SQL', async () => {
    const result = await runFuzz(t, fx, { seed: SEED, perPair: 3, secretKey: SECRET_KEY });
    const ops = operationsOf(t.app);
    expect(result.operationsCovered.size).toBe(ops.length);
    expect(result.roles.size).toBe(ROLES.length);
    expect(result.requests).toBeGreaterThanOrEqual(ops.length * ROLES.length * 3);
    expect(result.findings.map(describeFinding), `seed ${SEED}`).toEqual([]);
  }, 120_000);

  it('flags what it is meant to flag', () => {
    const json = { 'content-type': 'application/json' };
    expect(problemsOf({ statusCode: 500, body: '{"message":"x"}', headers: json })).toContain(
      'answered 500',
    );
    expect(problemsOf({ statusCode: 400, body: '{}', headers: json })).toContain(
      '400 without a message',
    );
    expect(
      problemsOf({ statusCode: 404, body: 'nope', headers: { 'content-type': 'text/html' } }),
    ).toHaveLength(2);
    const leak = '{"message":"Error\\n    at run (/work/main/apps/api/src/x.ts:3:9)"}';
    expect(problemsOf({ statusCode: 400, body: leak, headers: json })).toEqual(
      expect.arrayContaining(['body shows stack trace', 'body shows internal path']),
    );
    expect(
      problemsOf({
        statusCode: 400,
        body: '{"message":"SQLITE_ERROR: near x: syntax error"}',
        headers: json,
      }),
    ).toContain('body shows SQL engine');
  });
});
