import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { operationsOf, type Operation, type Schema } from '../helpers/fuzz.ts';

/*
 * DESIGN §4: every message is written for a person. Walking the OpenAPI document, every
 * documented string gets one character over its bound and every number one past each bound and a
 * string for a number, a list or a number for a string, an unknown choice for an enum; no answer
 * may carry zod's own wording ("Too big: expected string to have <=2000 characters", "Invalid
 * input: expected number, received string", "Invalid option: expected one of …").
 */

const BARE = /^(Too big|Too small|Invalid input|Invalid option)|expected one of|received /;

let t: TestApp;
let callers: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  callers = [
    await createUser(t.app, { user_type: 'admin' }),
    await createUser(t.app),
    await createUser(t.app, { user_type: 'provider' }),
  ];
}, 60_000);
afterAll(() => t.close());

type Probe = { path: string[]; value: unknown };

/** Values that break one documented bound or type of `schema`, at `path`. */
function probesOf(schema: Schema | undefined, path: string[] = [], depth = 0): Probe[] {
  if (!schema || depth > 6) return [];
  const s = schema as Schema & { additionalProperties?: Schema | boolean };
  const probes: Probe[] = [];
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    probes.push(...probesOf(option, path, depth + 1));
  for (const [key, inner] of Object.entries(s.properties ?? {}))
    probes.push(...probesOf(inner, [...path, key], depth + 1));
  if (typeof s.additionalProperties === 'object')
    probes.push(...probesOf(s.additionalProperties, [...path, 'dog-walking'], depth + 1));
  if (s.items) probes.push(...probesOf(s.items, [...path, '0'], depth + 1));
  if (s.type === 'string' && s.maxLength !== undefined && s.maxLength < 100_000)
    probes.push({ path, value: 'x'.repeat(s.maxLength + 1) });
  // A value of another type, and an unknown choice (zod's "Invalid input: expected string,
  // received array", "Invalid option: expected one of …").
  if (s.type === 'string') probes.push({ path, value: ['x'] }, { path, value: 5 });
  if (s.enum) probes.push({ path, value: 'not-a-choice' });
  if (s.type === 'object' && path.length > 0) probes.push({ path, value: 'x' });
  if (s.type === 'array' || s.type === 'boolean') probes.push({ path, value: 'x' });
  if (s.type === 'number' || s.type === 'integer') {
    probes.push({ path, value: '5' });
    if (s.minimum !== undefined) probes.push({ path, value: s.minimum - 1 });
    if (s.maximum !== undefined) probes.push({ path, value: s.maximum + 1 });
  }
  return probes;
}

/** `value` placed at `path` in an otherwise empty body (arrays where the path says so). */
function bodyWith({ path, value }: Probe): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const inner = bodyWith({ path: rest, value });
  return head === '0' ? [inner] : { [head]: inner };
}

function urlOf(op: Operation, query?: [string, string]): string {
  const path = op.path.replace(/\{[^}]+\}/g, () => newId());
  return query ? `${path}?${query[0]}=${encodeURIComponent(query[1])}` : path;
}

type Sent = { route: string; probe: string; status: number; messages: string[] };

async function send(op: Operation, url: string, payload: unknown, probe: string): Promise<Sent[]> {
  const answers: Sent[] = [];
  for (const who of callers) {
    const res = await call(t, op.method, url, who, payload);
    if (res.statusCode !== 400) continue;
    const body = res.json() as { message: string; errors?: { message: string }[] };
    const messages = [body.message, ...(body.errors ?? []).map((e) => e.message)];
    answers.push({ route: `${op.method} ${op.path}`, probe, status: 400, messages });
  }
  return answers;
}

describe("every documented bound answers in the contract's words", () => {
  it('no 400 of any route reads "Too big", "Too small", "Invalid input" or "Invalid option"', async () => {
    const sent: Sent[] = [];
    for (const op of operationsOf(t.app)) {
      if (!op.path.startsWith('/api/')) continue;
      for (const probe of probesOf(op.body)) {
        const label = `${probe.path.join('.')}=${JSON.stringify(probe.value).slice(0, 20)}`;
        sent.push(...(await send(op, urlOf(op), bodyWith(probe), label)));
      }
      for (const param of op.params.filter((p) => p.in === 'query')) {
        for (const probe of probesOf(param.schema)) {
          const value = typeof probe.value === 'string' ? probe.value : String(probe.value);
          const label = `?${param.name}=${value.slice(0, 20)}`;
          sent.push(...(await send(op, urlOf(op, [param.name, value]), undefined, label)));
        }
      }
    }
    const bare = sent.flatMap((s) =>
      s.messages.filter((m) => BARE.test(m)).map((m) => `${s.route} ${s.probe}: ${m}`),
    );
    expect([...new Set(bare)]).toEqual([]);
    // The walk reached the fields the audit named (so an empty walk cannot pass).
    const reached = new Set(sent.map((s) => `${s.route} ${s.probe.split('=')[0]}`));
    for (const field of [
      'POST /api/crud/{key}/Review/create columns.comment',
      'POST /api/crud/{key}/Review/create columns.rating',
      'POST /api/booking/ notes',
      'POST /api/packages creditsIncluded',
      'POST /api/userCredit/user-credits reason',
    ])
      expect(reached, field).toContain(field);
  }, 300_000);
});

describe('the audit, one answer each', () => {
  it.each([
    ['POST', '/api/booking/', { notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    [
      'POST',
      '/api/userCredit/user-credits',
      { reason: 'x'.repeat(201) },
      'Reason must be at most 200 characters',
    ],
    [
      'POST',
      '/api/packages',
      { creditsIncluded: 100_001 },
      'creditsIncluded must be at most 100000',
    ],
    [
      'PUT',
      '/api/dispute/status-update/:id',
      { status: 'resolved', reason: 'x'.repeat(2001) },
      'reason must be at most 2000 characters',
    ],
    [
      'POST',
      '/api/crud/:id/Review/create',
      { columns: { rating: '5', comment: 'x'.repeat(2001) } },
      'Rating must be a number',
    ],
    [
      'POST',
      '/api/messages/',
      { bookingId: ['x'], text: 'hi' },
      'bookingId must be text, not a list',
    ],
    ['POST', '/api/messages/', { text: 123 }, 'text must be text'],
    ['POST', '/api/booking/quote', { startDate: 123 }, 'startDate must be text'],
    ['POST', '/api/coupons', { kind: 'free' }, 'kind must be one of "percent" or "amount"'],
    [
      'PUT',
      '/api/dispute/status-update/:id',
      { status: 'nope' },
      'status must be one of "open", "resolved" or "closed"',
    ],
    ['POST', '/api/crud/:id/Review/create', { columns: 'x' }, 'columns must be an object'],
  ])('%s %s', async (method, path, payload, message) => {
    // Each route takes its own role; one of the three is let through to its schema.
    const url = path.replace(':id', newId());
    const answers = await Promise.all(callers.map((who) => call(t, method, url, who, payload)));
    const refused = answers.filter((res) => res.statusCode === 400);
    expect(refused.length, answers.map((res) => res.body).join('\n')).toBeGreaterThan(0);
    for (const res of refused)
      expect(
        (res.json() as { errors: { message: string }[] }).errors.map((e) => e.message),
      ).toContain(message);
  });
});

describe('query strings, in the same words', () => {
  it.each([
    [
      '/api/booking/user?status=done',
      'status must be one of "pending", "accepted", "in-progress", "completed" or "cancelled"',
    ],
    [
      `/api/messages/thread?bookingId=${'a'.repeat(24)}&bookingId=${'a'.repeat(24)}`,
      'bookingId must be text, not a list',
    ],
  ])('GET %s', async (url, message) => {
    const res = await call(t, 'GET', url, callers[1]!);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual([
      message,
    ]);
  });
});
