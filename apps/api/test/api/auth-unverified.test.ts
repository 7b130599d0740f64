/**
 * DESIGN §5: the mailed code proves the address. Until it is entered the account holds nothing:
 * its session may only log out, login is refused, and a signup with another password takes the
 * address over (the newest claim wins), so someone who signed up first with another person's
 * address cannot keep it once its owner signs up and verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  ageAuthMails,
  login,
  signupPayload,
  sessionIsLive,
  signupViaApi,
  tokenIsAccepted,
} from '../helpers/auth-flows.ts';
import { lastCode, readMails } from '../helpers/mail.ts';
import { bookingBody, createOwner, createProvider } from '../helpers/booking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.call({ method: 'POST', url, payload, ...(token ? { token } : {}) });
const profile = (token: string) => t.call({ method: 'GET', url: '/api/user/user-profile', token });
const verify = (email: string, otp: string, token?: string) =>
  post('/api/auth/verify-otp', { email, otp }, token);
const ENDED = 'Session has ended, please log in again';

describe('an account whose email is not verified', () => {
  it('has a session that answers as an ended one until the code is entered', async () => {
    const u = await signupViaApi(t);
    const before = await profile(u.token);
    expect(before.statusCode, before.body).toBe(401);
    expect(before.json().message).toBe(ENDED);
    expect((await post('/api/booking/', {}, u.token)).statusCode).toBe(401);
    expect((await post('/api/auth/logout', { email: u.email }, u.token)).statusCode).toBe(401);
    expect(await sessionIsLive(t, u.token)).toBe(true);

    expect((await verify(u.email, lastCode(t.dataDir, u.email))).statusCode).toBe(200);
    const after = await profile(u.token);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.email_verified).toBe(true);
  });

  it("answers like a taken address's signup: no call, card or review list tells them apart", async () => {
    const taken = await signupViaApi(t);
    expect((await verify(taken.email, lastCode(t.dataDir, taken.email))).statusCode).toBe(200);
    const someone = await signupViaApi(t);
    expect((await verify(someone.email, lastCode(t.dataDir, someone.email))).statusCode).toBe(200);

    const decoy = await post('/api/auth/signup', signupPayload({ email: taken.email }));
    const fresh = await post('/api/auth/signup', signupPayload());
    const answers = [decoy, fresh].map((res) => {
      expect(res.statusCode).toBe(201);
      return res.json() as { token: { token: string }; user: { _id: string } };
    });
    const seen = async (a: (typeof answers)[number]) => {
      const token = a.token.token;
      const calls = [
        await profile(token),
        await post('/api/auth/logout', {}, token),
        await t.call({ method: 'GET', url: `/api/user/${a.user._id}`, token: someone.token }),
        await t.call({
          method: 'GET',
          url: `/api/user/${a.user._id}/reviews`,
          token: someone.token,
        }),
      ];
      return calls.map((res) => [res.statusCode, res.json().message]);
    };
    const [asDecoy, asFresh] = [await seen(answers[0]!), await seen(answers[1]!)];
    expect(asFresh).toEqual(asDecoy);
    expect(asFresh.map(([status]) => status)).toEqual([401, 401, 404, 404]);
  });

  it('cannot be asked to sit: no card, not in search, a direct request is 404', async () => {
    const owner = await createOwner(t.app);
    const offer = { first_name: 'Unconfirmed', primary_services: '["dog-walking"]' };
    const confirmed = await createProvider(t.app, undefined, offer);
    const sitter = await createProvider(t.app, undefined, { ...offer, email_verified: 0 });
    const search = await t.call({
      method: 'GET',
      url: '/api/user/nearby?mode=all&name=unconfirmed&limit=50',
      token: owner.token,
    });
    expect(search.statusCode, search.body).toBe(200);
    const listed = JSON.stringify(search.json());
    expect(listed).toContain(confirmed.id);
    expect(listed).not.toContain(sitter.id);
    expect(search.json().total).toBe(1);
    // The counters behind an unfiltered search count them too: its total is what it lists.
    for (const filter of ['', '&service=dog-walking']) {
      const everyone = await t.call({
        method: 'GET',
        url: `/api/user/nearby?mode=all&limit=100${filter}`,
        token: owner.token,
      });
      const { nearbyUsers, total } = everyone.json() as {
        nearbyUsers: { _id: string }[];
        total: number;
      };
      expect(nearbyUsers.map((u) => u._id)).toContain(confirmed.id);
      expect(nearbyUsers.map((u) => u._id)).not.toContain(sitter.id);
      expect(total).toBe(nearbyUsers.length);
    }
    const card = await t.call({ method: 'GET', url: `/api/user/${sitter.id}`, token: owner.token });
    expect(card.statusCode).toBe(404);

    const ask = (who: string) =>
      post('/api/booking/', bookingBody(owner, { provider_id: who }), owner.token);
    const refused = await ask(sitter.id);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().message).toBe('Sitter not found');
    expect((await ask(confirmed.id)).statusCode).toBe(201);
  });

  it('cannot log in: 403 saying how to get a code', async () => {
    const u = await signupViaApi(t);
    const res = await login(t, u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.unverified);
  });

  it('is mailed a new code by a login with its password (past the wait), which then verifies it', async () => {
    const u = await signupViaApi(t);
    const signupCode = lastCode(t.dataDir, u.email);
    // Within the minute: the signup's code stands and no second mail goes.
    expect((await login(t, u.email, u.password)).statusCode).toBe(403);
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, u.email)).toHaveLength(1);

    await ageAuthMails(t, u.id, 61);
    // A wrong password is told nothing and mails nothing.
    expect((await login(t, u.email, 'Wrong-Password-1')).statusCode).toBe(401);
    await t.app.mailer.settled();
    expect(readMails(t.dataDir, u.email)).toHaveLength(1);

    expect((await login(t, u.email, u.password)).statusCode).toBe(403);
    await t.app.mailer.settled();
    const mails = readMails(t.dataDir, u.email);
    expect(mails).toHaveLength(2);
    const code = mails.at(-1)!.code!;
    expect(code).not.toBe(signupCode);
    expect((await verify(u.email, code)).statusCode).toBe(200);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });
});

describe('signing up with an address someone claimed first', () => {
  it("gives the address to its owner: the owner's code, beside the owner's signup session, verifies the owner's password", async () => {
    const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const squatter = await signupViaApi(t, {
      email,
      firstName: 'Att',
      password: 'Squatter-Pass-1',
    });
    const squatterCode = lastCode(t.dataDir, email);
    await ageAuthMails(t, squatter.id, 61);

    const owner = await signupViaApi(t, { email, firstName: 'Vera', password: 'Owner-Pass-2026' });
    expect(owner.id).toBe(squatter.id);
    // The owner's session is live (it may log out), the squatter's ended.
    expect(await sessionIsLive(t, owner.token)).toBe(true);
    expect(await sessionIsLive(t, squatter.token)).toBe(false);
    // The code mailed for the squatter's claim is dead; the owner's own mail brings a new one,
    // greeting nobody by name (names typed at signup are unconfirmed, the squatter's above all).
    expect((await verify(email, squatterCode)).statusCode).toBe(400);
    await t.app.mailer.settled();
    const mail = readMails(t.dataDir, email).at(-1)!;
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(readMails(t.dataDir, email).some((m) => m.text.includes('Att'))).toBe(false);
    expect(mail.code).not.toBe(squatterCode);

    const confirmed = await verify(email, mail.code!, owner.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await login(t, email, 'Squatter-Pass-1')).statusCode).toBe(401);
    const mine = await login(t, email, 'Owner-Pass-2026');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().user).toMatchObject({ firstName: 'Vera', email_verified: true });
  });

  it("does not let a later claim be confirmed by the owner's code: a reset's code sets the owner's password", async () => {
    const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const owner = await signupViaApi(t, { email, firstName: 'Vera', password: 'Owner-Pass-2026' });
    await ageAuthMails(t, owner.id, 61);
    const squatter = await signupViaApi(t, {
      email,
      firstName: 'Att',
      password: 'Squatter-Pass-1',
    });
    expect(squatter.id).toBe(owner.id);
    expect(await sessionIsLive(t, owner.token)).toBe(false);

    // The owner asks for a code again: it reaches the owner's inbox, issued for the latest claim.
    await ageAuthMails(t, owner.id, 61);
    expect((await post('/api/auth/resend-otp', { email })).statusCode).toBe(200);
    await t.app.mailer.settled();
    const refused = await verify(email, lastCode(t.dataDir, email), owner.token);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(AUTH_MESSAGES.contestedClaim);
    // Without a session it is the same: a code alone confirms no contested claim.
    await ageAuthMails(t, owner.id, 61);
    expect((await post('/api/auth/resend-otp', { email })).statusCode).toBe(200);
    await t.app.mailer.settled();
    expect((await verify(email, lastCode(t.dataDir, email))).statusCode).toBe(409);
    expect((await login(t, email, 'Squatter-Pass-1')).statusCode).toBe(403);

    await ageAuthMails(t, owner.id, 61);
    expect((await post('/api/auth/forget-password', { email })).statusCode).toBe(200);
    await t.app.mailer.settled();
    const reset = await post('/api/auth/reset-password', {
      email,
      otp: lastCode(t.dataDir, email),
      password: 'Owner-Chosen-2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The squatter's typed name reached none of the owner's mails.
    await t.app.mailer.settled();
    const mails = readMails(t.dataDir, email);
    expect(mails.map((m) => m.text.split('\n')[0])).toEqual(mails.map(() => 'Hello,'));
    expect(mails.at(-1)?.subject).toMatch(/password was changed/);
    expect((await login(t, email, 'Squatter-Pass-1')).statusCode).toBe(401);
    expect((await login(t, email, 'Owner-Chosen-2026')).statusCode).toBe(200);
  });

  it('keeps the code of its own claimant retrying with the same password', async () => {
    const body = signupPayload();
    const first = await post('/api/auth/signup', body);
    const email = String(body.email).toLowerCase();
    const code = lastCode(t.dataDir, email);
    const again = await post('/api/auth/signup', body);
    expect(again.statusCode).toBe(201);
    expect(await sessionIsLive(t, first.json().token.token)).toBe(true);
    expect(await sessionIsLive(t, again.json().token.token)).toBe(true);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('changes nothing once the address is verified (the taken-address answer)', async () => {
    const owner = await signupViaApi(t, { password: 'Owner-Pass-2026' });
    expect((await verify(owner.email, lastCode(t.dataDir, owner.email))).statusCode).toBe(200);
    const late = await post(
      '/api/auth/signup',
      signupPayload({ email: owner.email, password: 'Squatter-Pass-1' }),
    );
    expect(late.statusCode).toBe(201);
    expect(await tokenIsAccepted(t, late.json().token.token)).toBe(false);
    expect((await login(t, owner.email, 'Owner-Pass-2026')).statusCode).toBe(200);
    expect((await login(t, owner.email, 'Squatter-Pass-1')).statusCode).toBe(401);
  });
});
