import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  login,
  sessionIsLive,
  signupPayload,
  signupViaApi,
  tokenIsAccepted,
} from '../helpers/auth-flows.ts';
import { ensureAdmin } from '../../src/modules/auth/admin-bootstrap.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../../src/seed/users.seed.ts';
import { seedDemoData } from '../../src/seed/index.ts';
import { countIndexedLocations } from '../../src/modules/sitters/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const countByEmail = async (app: TestApp, email: string) =>
  (await app.app.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('admin bootstrap (ADMIN_EMAIL / ADMIN_PASSWORD, npm run admin:create)', () => {
  it('creates an admin who can log in with role admin', async () => {
    await ensureAdmin(t.app, 'Boss@Pawsy.Example', 'Boss-Pass-2026');
    const res = await login(t, 'boss@pawsy.example', 'Boss-Pass-2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      userType: 'admin',
      role: 'admin',
      isAdmin: true,
      email_verified: true,
    });
  });

  it('keeps one account when run twice and syncs the password', async () => {
    await ensureAdmin(t.app, 'twice@pawsy.example', 'First-Pass-2026');
    await ensureAdmin(t.app, 'twice@pawsy.example', 'Second-Pass-2026');
    expect(await countByEmail(t, 'twice@pawsy.example')).toBe(1);
    expect((await login(t, 'twice@pawsy.example', 'First-Pass-2026')).statusCode).toBe(401);
    expect((await login(t, 'twice@pawsy.example', 'Second-Pass-2026')).statusCode).toBe(200);
  });

  it('promotes an existing account with that email', async () => {
    const signup = await t.call({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupPayload({ email: 'promote@pawsy.example' }),
    });
    expect(signup.json().user.userType).toBe('user');
    await ensureAdmin(t.app, 'promote@pawsy.example', 'Promoted-Pass-2026');
    const res = await login(t, 'promote@pawsy.example', 'Promoted-Pass-2026');
    expect(res.json().user.userType).toBe('admin');
  });

  it('ends every session of a pre-claimed account when ADMIN_EMAIL promotes it', async () => {
    const squatter = await signupViaApi(t, { email: 'claimed@pawsy.example' });
    // Unverified: the signup's session is live (it may log out) and login is refused.
    expect((await login(t, squatter.email, squatter.password, true)).statusCode).toBe(403);
    expect(await sessionIsLive(t, squatter.token)).toBe(true);
    await ensureAdmin(t.app, 'claimed@pawsy.example', 'Operator-Pass-2026');
    expect(await sessionIsLive(t, squatter.token)).toBe(false);
    expect((await login(t, squatter.email, squatter.password)).statusCode).toBe(401);
  });

  it("ends the admin's sessions when the bootstrap resets the password, keeps them otherwise", async () => {
    await ensureAdmin(t.app, 'keeper@pawsy.example', 'Keeper-Pass-2026');
    const token = (await login(t, 'keeper@pawsy.example', 'Keeper-Pass-2026')).json().token;
    await ensureAdmin(t.app, 'keeper@pawsy.example', 'Keeper-Pass-2026');
    expect(await tokenIsAccepted(t, token)).toBe(true);
    await ensureAdmin(t.app, 'keeper@pawsy.example', 'Changed-Pass-2026');
    expect(await tokenIsAccepted(t, token)).toBe(false);
  });

  it('refuses a bad email or a short password', async () => {
    await expect(ensureAdmin(t.app, 'not-an-email', 'Long-Enough-1')).rejects.toThrow();
    await expect(ensureAdmin(t.app, 'short@pawsy.example', 'short')).rejects.toThrow();
    expect(await countByEmail(t, 'short@pawsy.example')).toBe(0);
  });

  it('signup can never produce an admin', async () => {
    for (const extra of [
      { userType: 'admin' },
      { userType: 'ADMIN' },
      { role: 'admin', isAdmin: true },
    ]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupPayload(extra),
      });
      if (res.statusCode === 201) expect(res.json().user.userType).not.toBe('admin');
      else expect(res.statusCode).toBe(400);
    }
    const admins = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('user_type', '=', 'admin')
      .execute();
    expect(admins.map((a) => a.email).sort()).toEqual(
      [
        'boss@pawsy.example',
        'claimed@pawsy.example',
        'keeper@pawsy.example',
        'promote@pawsy.example',
        'twice@pawsy.example',
      ].sort(),
    );
  });
});

describe('demo users seeder', () => {
  it('seeds an admin, 3 owners with logins and 8 sitters in several cities, all able to log in', async () => {
    const s = await createTestApp();
    try {
      const logins = await seedDemoData(s.app);
      expect(logins).not.toBeNull();
      const users = await s.app.db.selectFrom('users').selectAll().execute();
      const byType = (type: string) => users.filter((u) => u.user_type === type);
      expect(byType('admin')).toHaveLength(1);
      // Besides the three demo owners, the dashboard's history has members without a demo login.
      const historyMembers = users.filter((u) => u.email.endsWith('@members.pawsy.test'));
      expect(historyMembers.length).toBeGreaterThan(0);
      expect(byType('user').filter((u) => !historyMembers.includes(u))).toHaveLength(3);
      const sitters = byType('provider');
      expect(sitters).toHaveLength(8);
      expect(new Set(sitters.map((u) => u.city)).size).toBeGreaterThanOrEqual(3);
      for (const sitter of sitters) {
        expect(sitter.latitude).toEqual(expect.any(Number));
        expect(Object.keys(JSON.parse(sitter.service_rates)).length).toBeGreaterThan(0);
        expect(JSON.parse(sitter.primary_services)).toEqual(
          Object.keys(JSON.parse(sitter.service_rates)),
        );
        expect(sitter.bio).toBeTruthy();
      }
      expect(sitters.filter((u) => u.kyc_verified === 1).length).toBeGreaterThan(4);
      expect(byType('user').some((u) => u.kyc_verified === 0)).toBe(true);
      expect(users.every((u) => u.email_verified === 1)).toBe(true);
      expect(await countIndexedLocations(s.app.db)).toBe(8);

      const admin = await login(s, DEMO_ADMIN.email, DEMO_ADMIN.password);
      expect(admin.json().user.isAdmin).toBe(true);
      const olivia = await login(s, 'olivia@pawsy.test', DEMO_PASSWORD);
      expect(olivia.statusCode).toBe(200);
      expect(logins).toContainEqual(
        expect.objectContaining({ email: 'olivia@pawsy.test', password: DEMO_PASSWORD }),
      );
      // A second start finds data and seeds nothing.
      expect(await seedDemoData(s.app)).toBeNull();
    } finally {
      await s.close();
    }
  });

  it('uses only the configured admin when ADMIN_EMAIL is set', async () => {
    const s = await createTestApp({
      ADMIN_EMAIL: 'ops@pawsy.example',
      ADMIN_PASSWORD: 'Ops-Pass-2026',
    });
    try {
      await ensureAdmin(s.app, 'ops@pawsy.example', 'Ops-Pass-2026');
      const logins = await seedDemoData(s.app);
      expect(logins).not.toBeNull();
      const admins = await s.app.db
        .selectFrom('users')
        .select('email')
        .where('user_type', '=', 'admin')
        .execute();
      expect(admins).toEqual([{ email: 'ops@pawsy.example' }]);
      const adminLogins = logins!.filter((l) => l.role === 'admin');
      expect(adminLogins).toEqual([expect.objectContaining({ email: 'ops@pawsy.example' })]);
      expect(adminLogins[0]!.password).not.toContain('Ops-Pass-2026');
      expect(logins!.some((l) => l.email === DEMO_ADMIN.email)).toBe(false);
    } finally {
      await s.close();
    }
  });
});
