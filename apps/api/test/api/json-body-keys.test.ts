import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { createProvider, postBooking, type Owner } from '../helpers/booking-fixtures.ts';
import { appWithAssignedBooking } from '../helpers/chat-fixtures.ts';

/*
 * A JSON body with a key that could reach a prototype when merged (`__proto__`, or a
 * `constructor` holding a `prototype`) is refused, as Fastify's own parser did, but the answer
 * says so instead of "not valid JSON" (lib/json-body.ts, one parser for every area).
 */

let t: TestApp;
let owner: Owner;
let bookingId: string;

beforeAll(async () => {
  ({ t, owner, bookingId } = await appWithAssignedBooking());
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: string) =>
  t.call({
    method: 'POST',
    url,
    token: owner.token,
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('a JSON body with a key that could reach a prototype', () => {
  it.each([
    ['/api/messages/', '{"text":"hi","__proto__":{"isAdmin":true}}', '__proto__'],
    ['/api/messages/', '{"a":[{"\\u005f_proto__":1}]}', '__proto__'],
    [
      '/api/messages/',
      '{"text":"hi","constructor":{"prototype":{"x":1}}}',
      'constructor.prototype',
    ],
    ['/api/notifications/mark-all-read', '{"__proto__":{}}', '__proto__'],
  ])('POST %s %s: refused, naming the key', async (url, payload, key) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Request body must not contain the key ${key}`);
  });

  it('JSON that does not parse still says so', async () => {
    const res = await post('/api/messages/', '{"text":');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('a "constructor" field holding text is only text', async () => {
    const body = JSON.stringify({ bookingId, constructor: 'x', text: 'hi' });
    const res = await post('/api/messages/', body);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('an empty body labelled JSON reads as {}', () => {
  it('a sitter applies with send-request, which has no body', async () => {
    const open = await postBooking(t, owner);
    const sitter = await createProvider(t.app);
    const res = await t.call({
      method: 'POST',
      url: `/api/booking/${open._id}/send-request`,
      token: sitter.token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('mark-all-read takes it too', async () => {
    const res = await post('/api/notifications/mark-all-read', '');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a route that needs a body names what is missing', async () => {
    const res = await post('/api/messages/', ' ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^\w+ is required$/);
  });
});
