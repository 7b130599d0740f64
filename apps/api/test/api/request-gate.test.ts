import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { listenOnFreePort, rawRequest } from '../helpers/raw-http.ts';

/** Spellings of GET /api/user/nearby that a naive URL check would not recognise. */
const NEARBY_FORMS = [
  '/api/user/nearby',
  '/%61pi/user/nearby',
  '/%2561pi/user/nearby',
  'http://localhost/api/user/nearby',
  'HTTP://evil.example/api/user/nearby',
  '//api/user/nearby',
  '/api//user/nearby',
  '/x/../api/user/nearby',
  '/api/./user/nearby',
  '/API/user/nearby',
  '/Api/User/Nearby',
  '/api/user/%6Eearby',
  '/api%2Fuser/nearby',
  '/api/user/nearby?page=1',
];

/** Spellings of POST /api/auth/login that reach the login route. */
const LOGIN_FORMS = [
  '/api/auth/login',
  '/%61pi/auth/login',
  'http://localhost/api/auth/login',
  '/api/auth/%6Cogin',
  '/api/%61uth/login?x=1',
];

describe('the secret-key gate holds for every spelling of the request target', () => {
  let t: TestApp;
  let port: number;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it.each(NEARBY_FORMS)('%s without the key: 401, no data', async (target) => {
    const res = await rawRequest(port, 'GET', target, { 'x-auth-token': user.token });
    expect(res.status, res.body).toBe(401);
    expect(JSON.parse(res.body).message).toBe('Invalid or missing secret key');
  });

  it.each(NEARBY_FORMS)('%s with the key: the API answers (data or a JSON 404)', async (target) => {
    const res = await rawRequest(port, 'GET', target, {
      'secret-key': SECRET_KEY,
      'x-auth-token': user.token,
    });
    expect([200, 404]).toContain(res.status);
    expect(res.headers).toContain('application/json');
    const body = JSON.parse(res.body);
    if (res.status === 200) expect(body.nearbyUsers).toEqual(expect.any(Array));
    else expect(body.message).toEqual(expect.any(String));
  });

  it("exempts only the docs UI's files, decided on the matched route", async () => {
    expect((await rawRequest(port, 'GET', '/api/docs/')).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/api/docs/json')).status).toBe(401);
    expect((await rawRequest(port, 'GET', '/api/docs/static/../json')).status).not.toBe(200);
    const sneaky = await rawRequest(port, 'GET', '/api/docs/../user/nearby');
    expect(sneaky.status).toBe(401);
  });
});

describe('the login limit counts every spelling of the request target', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  const wrongLogin = (target: string, email: string) =>
    rawRequest(
      port,
      'POST',
      target,
      { 'secret-key': SECRET_KEY, 'content-type': 'application/json' },
      JSON.stringify({ email, password: 'wrong-password-1' }),
    );

  it.each(LOGIN_FORMS)('%s alone is limited after 3 tries', async (target) => {
    const email = `victim-${Math.random().toString(36).slice(2)}@example.test`;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrongLogin(target, email)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('mixing spellings shares one counter', async () => {
    const email = `mixed-${Math.random().toString(36).slice(2)}@example.test`;
    const statuses = [];
    for (const target of LOGIN_FORMS) statuses.push((await wrongLogin(target, email)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await wrongLogin(LOGIN_FORMS[0]!, email);
    expect(JSON.parse(limited.body).message).toMatch(/try again/i);
  });
});

describe('the global limit counts every spelling too', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '4' });
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('absolute-form and encoded requests use up the per-IP budget', async () => {
    const statuses = [];
    for (const target of ['/%61pi/user/nearby', 'http://localhost/api/user/nearby']) {
      for (let i = 0; i < 3; i++)
        statuses.push((await rawRequest(port, 'GET', target, { 'secret-key': SECRET_KEY })).status);
    }
    // With the key but without a session each request gets as far as authentication (401).
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});

describe('the API document counts toward the per-IP limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  // 416 KB compressed on every fetch: one client fetching it in a loop slowed every other answer.
  it('/api/docs/json is limited like any API call; the UI files stay free', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.call({ method: 'GET', url: '/api/docs/json' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const asset = await t.call({
      method: 'GET',
      url: '/api/docs/static/swagger-ui.css',
      noSecret: true,
    });
    expect(asset.statusCode).toBe(200);
  });
});
