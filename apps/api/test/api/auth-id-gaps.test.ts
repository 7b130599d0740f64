import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signupPayload } from '../helpers/auth-flows.ts';
import { createUser, DEFAULT_PASSWORD, type TestUser } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart-form.ts';

/*
 * DESIGN §5: answers never reveal whether an email is registered, and that includes the ids an
 * attacker sees. Ids from the shared counter (4 bytes of seconds, 5 per process, 3 of counter)
 * number everything created in between: if an auth call took one for a registered address and
 * none for an unknown one, two of the attacker's own records made before and after it (pets
 * here) would tell the addresses apart.
 */

let t: TestApp;
let observer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  observer = await createUser(t.app);
});
afterAll(() => t.close());

const counter = (id: string) => parseInt(id.slice(18), 16);
const sameProcess = (a: string, b: string) => a.slice(8, 18) === b.slice(8, 18);

async function petId(): Promise<string> {
  const form = await multipartBody({ userId: observer.id, name: 'Probe' });
  const res = await t.call({ method: 'POST', url: '/api/pets', token: observer.token, ...form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

/** How many counter ids the call took: the gap between two pets made around it, less the pet's. */
async function countersTaken(send: () => Promise<unknown>): Promise<number> {
  const before = await petId();
  await send();
  const after = await petId();
  expect(sameProcess(before, after)).toBe(true);
  const between = (counter(after) - counter(before) + 0xffffff) % 0xffffff;
  const perPet = (counter(await petId()) - counter(after) + 0xffffff) % 0xffffff;
  return between - perPet;
}

const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@example.test`;

/** The sid (jti) a token names. */
function tokenSid(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return payload.jti as string;
}

describe('auth calls take the same counter ids for a registered and an unknown address', () => {
  it('signup of a new address and of a taken one', async () => {
    const taken = await createUser(t.app);
    const fresh = await countersTaken(() => post('/api/auth/signup', signupPayload()));
    const reused = await countersTaken(() =>
      post('/api/auth/signup', signupPayload({ email: taken.email })),
    );
    expect(reused).toBe(fresh);
  });

  it("signup's answer: the token's sid relates to the user id alike for both", async () => {
    const taken = await createUser(t.app);
    const relation = async (email?: string) => {
      const res = await post('/api/auth/signup', signupPayload(email ? { email } : {}));
      expect(res.statusCode, res.body).toBe(201);
      const { user, token } = res.json();
      const sid = tokenSid(token.token);
      expect(sid).toMatch(/^[a-f0-9]{24}$/);
      return sameProcess(sid, user.id) ? counter(sid) - counter(user.id) : 'unrelated';
    };
    expect(await relation(taken.email)).toBe(await relation());
  });

  it('forget-password', async () => {
    const known = await createUser(t.app);
    expect(
      await countersTaken(() => post('/api/auth/forget-password', { email: known.email })),
    ).toBe(await countersTaken(() => post('/api/auth/forget-password', { email: unknownEmail() })));
  });

  it('resend-otp', async () => {
    const unverified = await createUser(t.app, { email_verified: 0 });
    expect(
      await countersTaken(() => post('/api/auth/resend-otp', { email: unverified.email })),
    ).toBe(await countersTaken(() => post('/api/auth/resend-otp', { email: unknownEmail() })));
  });

  it('login', async () => {
    const known = await createUser(t.app);
    const login = (email: string) =>
      post('/api/auth/login', { email, password: DEFAULT_PASSWORD, rememberMe: false });
    expect(await countersTaken(() => login(known.email))).toBe(
      await countersTaken(() => login(unknownEmail())),
    );
  });

  it('verify-otp and reset-password', async () => {
    const known = await createUser(t.app, { email_verified: 0 });
    for (const [url, extra] of [
      ['/api/auth/verify-otp', {}],
      ['/api/auth/reset-password', { password: 'Another-Pass-2026' }],
    ] as const) {
      const body = (email: string) => ({ email, otp: '000000', ...extra });
      expect(await countersTaken(() => post(url, body(known.email)))).toBe(
        await countersTaken(() => post(url, body(unknownEmail()))),
      );
    }
  });
});
