import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectCall, type TestApp } from '../helpers/app.ts';
import { ageAuthMails, signupPayload, signupViaApi } from '../helpers/auth-flows.ts';
import { createUser } from '../helpers/factories.ts';
import { lastCode, readMails } from '../helpers/mail.ts';

/*
 * DESIGN §5: answers never reveal whether an email is registered, and the mails those answers
 * cause must not become a way to flood someone's inbox. Every auth mail passes one gate per
 * recipient (one of a kind a minute), and the lookup, code and mail happen after the answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@example.test`;

describe('signup with a taken address', () => {
  it('mails its owner once a minute however often it is tried, with the same answer', async () => {
    const owner = await createUser(t.app);
    const answers = [];
    for (let i = 0; i < 8; i++) {
      const res = await post('/api/auth/signup', signupPayload({ email: owner.email }));
      answers.push({ status: res.statusCode, keys: Object.keys(res.json()).sort() });
    }
    const fresh = await post('/api/auth/signup', signupPayload());
    const freshAnswer = { status: fresh.statusCode, keys: Object.keys(fresh.json()).sort() };
    for (const answer of answers) expect(answer).toEqual(freshAnswer);
    const notices = readMails(t.dataDir, owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/tried to sign up/);

    await ageAuthMails(t, owner.id, 61);
    await post('/api/auth/signup', signupPayload({ email: owner.email }));
    await post('/api/auth/signup', signupPayload({ email: owner.email }));
    expect(readMails(t.dataDir, owner.email)).toHaveLength(2);
  });

  it('mails its owner once when the tries arrive all at once', async () => {
    const owner = await createUser(t.app);
    const tries = Array.from({ length: 10 }, () =>
      post('/api/auth/signup', signupPayload({ email: owner.email })),
    );
    for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(201);
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, owner.email)).toHaveLength(1);
  });

  it("neither holds back a verified owner's codes nor sends them one", async () => {
    const owner = await signupViaApi(t);
    const code = lastCode(t.dataDir, owner.email);
    const verified = await post('/api/auth/verify-otp', { email: owner.email, otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    await post('/api/auth/signup', signupPayload({ email: owner.email }));
    await t.app.mailer.settled();
    const notice = readMails(t.dataDir, owner.email).at(-1)!;
    expect(notice.subject).toMatch(/tried to sign up/);
    expect(notice.code).toBeUndefined();
    await post('/api/auth/forget-password', { email: owner.email });
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, owner.email).at(-1)!.code).toMatch(/^\d{6}$/);
  });

  it('sends a code, not the notice, to an account never verified (its owner retrying)', async () => {
    const owner = await signupViaApi(t);
    // Within the wait nothing new is sent, and the first code still works as the screen says.
    await post('/api/auth/signup', signupPayload({ email: owner.email }));
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, owner.email)).toHaveLength(1);

    await ageAuthMails(t, owner.id, 61);
    await post('/api/auth/signup', signupPayload({ email: owner.email }));
    await t.app.mailer.settled();
    const mails = readMails(t.dataDir, owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).not.toMatch(/tried to sign up/);
    const code = mails[1]!.code!;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await post('/api/auth/verify-otp', { email: owner.email, otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});

/**
 * Runs `send` while another transaction holds the database (PostgreSQL: users and codes locked;
 * SQLite: its one connection taken), and gives its answer, or 'no answer' after 3 s.
 */
async function answerWhileDatabaseHeld(send: () => Promise<{ statusCode: number; body: string }>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const isHeld = new Promise<void>((resolve) => (holding = resolve));
  const transaction = t.app.db.transaction().execute(async (trx) => {
    if (t.engine === 'postgres')
      await sql`lock table users, one_time_codes in access exclusive mode`.execute(trx);
    else await trx.selectFrom('users').select('id').limit(1).execute();
    holding();
    await held;
  });
  await isHeld;
  try {
    return await Promise.race([
      send().then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) as unknown })),
      new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000)),
    ]);
  } finally {
    release();
    await transaction;
    await t.app.mailer.settled();
  }
}

describe.each([
  { url: '/api/auth/forget-password', verified: 1 as const },
  { url: '/api/auth/resend-otp', verified: 0 as const },
])('$url at once, many times', ({ url, verified }) => {
  it('sends one code, not one per request', async () => {
    const known = await createUser(t.app, { email_verified: verified });
    const calls = Array.from({ length: 10 }, () => post(url, { email: known.email }));
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, known.email)).toHaveLength(1);
  });
});

describe.each([
  { url: '/api/auth/forget-password', verified: 1 as const },
  { url: '/api/auth/resend-otp', verified: 0 as const },
])('$url answers before it looks anything up', ({ url, verified }) => {
  it('so a registered and an unknown address take the same path, and the code still comes', async () => {
    const known = await createUser(t.app, { email_verified: verified });
    const inject = injectCall(t.app);
    const send = (email: string) => () => inject({ method: 'POST', url, payload: { email } });
    const knownAnswer = await answerWhileDatabaseHeld(send(known.email));
    const unknownAnswer = await answerWhileDatabaseHeld(send(unknownEmail()));
    expect(knownAnswer).not.toBe('no answer');
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(lastCode(t.dataDir, known.email)).toMatch(/^\d{6}$/);
  });
});
