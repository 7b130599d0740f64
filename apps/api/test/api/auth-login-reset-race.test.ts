import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { login } from '../helpers/auth-flows.ts';
import { createUser } from '../helpers/factories.ts';

/*
 * A password reset or change revokes every session of the account. A login that checked the old
 * password just before must not open a session after that revocation: it would outlive the reset
 * the owner made to shut everyone out (found by a security test: 3–6 sessions per reset survived
 * while an attacker kept logging in).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const liveSessions = (userId: string) =>
  t.app.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

describe('a login racing a password reset', () => {
  it('opens no session once the reset has replaced the password it checked', async () => {
    const user = await createUser(t.app);
    const newHash = await hashPassword('A-New-Password-2026');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    // The reset's own writes, held open: the new hash is set and every session revoked, not yet
    // committed, while the login runs.
    const reset = t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: newHash })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      holding();
      await held;
    });
    await isHeld;
    const attempt = login(t, user.email, user.password);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await reset;
    const res = await attempt;
    expect(res.statusCode, res.body).toBe(401);
    expect(await liveSessions(user.id)).toEqual([]);
  });

  it('still opens a session for the right password when nothing races it', async () => {
    const user = await createUser(t.app);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });
});
