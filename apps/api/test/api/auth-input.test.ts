import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { signupPayload } from '../helpers/auth-flows.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const HUGE = 'x'.repeat(200_000);
type Route = {
  method: 'POST' | 'PUT';
  url: string;
  valid: () => Record<string, unknown>;
  auth?: boolean;
};

const routes: Route[] = [
  { method: 'POST', url: '/api/auth/signup', valid: () => signupPayload() },
  {
    method: 'POST',
    url: '/api/auth/login',
    valid: () => ({ email: user.email, password: 'Whatever-1' }),
  },
  {
    method: 'POST',
    url: '/api/auth/verify-otp',
    valid: () => ({ email: user.email, otp: '123456' }),
  },
  { method: 'POST', url: '/api/auth/resend-otp', valid: () => ({ email: user.email }) },
  { method: 'POST', url: '/api/auth/forget-password', valid: () => ({ email: user.email }) },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: () => ({ email: user.email, otp: '123456', password: 'Reset-Pass-2026' }),
  },
  {
    method: 'PUT',
    url: '/api/auth/update-password',
    auth: true,
    valid: () => ({ currentPassword: 'Wrong-Current-1', newPassword: 'Brand-New-Pass-77' }),
  },
];

function send(route: Route, payload: unknown, headers: Record<string, string> = {}) {
  return t.call({
    method: route.method,
    url: route.url,
    token: route.auth ? user.token : undefined,
    headers,
    payload: payload as string,
  });
}

function expect4xx(res: { statusCode: number; json: () => { message?: unknown } }, label: string) {
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  expect(typeof res.json().message, label).toBe('string');
}

describe.each(routes)('bad input on $method $url', (route) => {
  it('refuses each missing field with 400 "<field> is required"', async () => {
    for (const field of Object.keys(route.valid())) {
      if (field === 'userType') continue;
      const body = { ...route.valid(), [field]: undefined };
      const res = await send(route, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(`${field} is required`);
    }
  });

  it('refuses wrong types, 200 kB strings and arrays for every field', async () => {
    for (const field of Object.keys(route.valid())) {
      for (const bad of [12345, { nested: true }, [HUGE], HUGE, null]) {
        const res = await send(route, { ...route.valid(), [field]: bad });
        expect4xx(res, `${field} = ${JSON.stringify(bad).slice(0, 20)}`);
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it('refuses invalid JSON, a JSON array, an empty body and an unknown content type', async () => {
    const json = { 'content-type': 'application/json' };
    expect4xx(await send(route, '{"email": ', json), 'broken JSON');
    expect4xx(await send(route, '[1,2,3]', json), 'array body');
    expect4xx(await send(route, '', json), 'empty body');
    const xml = await send(route, '<a/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(typeof xml.json().message).toBe('string');
  });
});

describe('OpenAPI', () => {
  it('documents every auth call', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/verify-otp',
      '/api/auth/resend-otp',
      '/api/auth/forget-password',
      '/api/auth/reset-password',
      '/api/auth/logout',
      '/api/auth/update-password',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('signup with a phone too short to be one', () => {
  it.each(['1', '12'])('phone %j: not a valid phone number (not "required")', async (phone) => {
    const res = await send(routes[0]!, signupPayload({ phone }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'phone: Enter a valid phone number',
      errors: [{ path: 'phone', message: 'Enter a valid phone number' }],
    });
  });
});

describe('a new password of spaces', () => {
  const SPACES = 'Password must be at least 8 characters, not counting spaces at the start or end';
  it.each([
    ['signup', () => send(routes[0]!, signupPayload({ password: ' '.repeat(12) }))],
    [
      'update-password',
      () =>
        t.call({
          method: 'PUT',
          url: '/api/auth/update-password',
          token: user.token,
          payload: { currentPassword: user.password, newPassword: `  ${'\t'}     ` },
        }),
    ],
    [
      'reset-password',
      () =>
        t.call({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email: user.email, otp: '123456', password: '   pass   ' },
        }),
    ],
  ])('%s: 400, the password is no secret', async (_route, call) => {
    const res = await call();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: expect.stringMatching(/assword$/),
      message: SPACES,
    });
  });

  it('keeps spaces inside a password', async () => {
    const res = await send(routes[0]!, signupPayload({ password: 'four words in it' }));
    expect(res.statusCode, res.body).toBe(201);
  });
});
