import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '../../src/modules/auth/otp.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ageAuthMails, signupViaApi } from '../helpers/auth-flows.ts';
import { lastCode } from '../helpers/mail.ts';

/*
 * DESIGN §5: answers never reveal whether an email is registered. A wrong code for a registered
 * address and any code for an unknown one must get the same answers, try after try: a reason of
 * their own (the code burnt after five tries, expired, already used) told them apart.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Status and body of each of `tries` answers. */
async function answers(tries: number, send: () => ReturnType<typeof post>) {
  const seen: Array<{ status: number; body: unknown }> = [];
  for (let i = 0; i < tries; i++) {
    const res = await send();
    seen.push({ status: res.statusCode, body: res.json() });
  }
  return seen;
}

const routes = [
  {
    url: '/api/auth/verify-otp',
    body: (email: string, otp: string) => ({ email, otp }),
    requestCode: async () => {}, // signup mailed the verification code
  },
  {
    url: '/api/auth/reset-password',
    body: (email: string, otp: string) => ({ email, otp, password: 'Another-Pass-2026' }),
    requestCode: (email: string) => post('/api/auth/forget-password', { email }),
  },
];

describe.each(routes)('$url answers a registered and an unknown address alike', (route) => {
  it('through and past the tries that burn a code', async () => {
    const user = await signupViaApi(t);
    await route.requestCode(user.email);
    const code = lastCode(t.dataDir, user.email);
    const tries = OTP_MAX_ATTEMPTS + 2;
    const known = await answers(tries, () => post(route.url, route.body(user.email, wrong(code))));
    const unknown = await answers(tries, () =>
      post(route.url, route.body(`nobody-${user.id}@example.test`, wrong(code))),
    );
    expect(known[0]!.status).toBe(400);
    expect(known).toEqual(unknown);
    // Burnt: even the right code now gets the same answer as an unknown address.
    const right = await post(route.url, route.body(user.email, code));
    expect({ status: right.statusCode, body: right.json() }).toEqual(unknown[0]);
  });

  it('for an expired code and for a used one', async () => {
    const user = await signupViaApi(t);
    await route.requestCode(user.email);
    const unknown = await post(route.url, route.body(`nobody-${user.id}@example.test`, '123456'));
    const same = (res: Awaited<ReturnType<typeof post>>) =>
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: unknown.statusCode,
        body: unknown.json(),
      });

    // Expired, and past the resend wait so that a new code may be asked for.
    await ageAuthMails(t, user.id, 11 * 60);
    same(await post(route.url, route.body(user.email, lastCode(t.dataDir, user.email))));

    await post('/api/auth/resend-otp', { email: user.email });
    await route.requestCode(user.email);
    const code = lastCode(t.dataDir, user.email);
    const ok = await post(route.url, route.body(user.email, code));
    expect(ok.statusCode, ok.body).toBe(200);
    same(await post(route.url, route.body(user.email, code)));
  });
});
