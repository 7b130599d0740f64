import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { createTestApp } from '../helpers/app.ts';

const ADMIN = { ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'Ops-Own-Pass-2026' };

describe('instances started together on one empty database', () => {
  it('create the admin and the demo data once, and both start', async () => {
    const t = await createTestApp({ ...ADMIN, DEMO_DATA: 'true' });
    try {
      // Two start-ups at once (two instances of a deployment; here one app's two calls, which
      // interleave at every query as two processes would).
      const outcomes = await Promise.allSettled([runStartupTasks(t.app), runStartupTasks(t.app)]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const seeded = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'));
      // One of them seeded (its demo logins), the other found the data there.
      expect(seeded.filter((logins) => Array.isArray(logins))).toHaveLength(1);
      expect(seeded).toContain(null);
      const admins = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN.ADMIN_EMAIL)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('DATABASE_URL', () => {
  it('refuses a scheme that is neither PostgreSQL nor SQLite instead of making it a file', () => {
    for (const typo of [
      'postgress://postgres@127.0.0.1/pawsy',
      'mysql://db/pawsy',
      'Postgres://x/y',
    ])
      expect(() => loadConfig({ DATABASE_URL: typo }), typo).toThrow(/DATABASE_URL: Use postgres/);
  });

  it('takes postgres://, postgresql:// and the SQLite forms', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database.kind).toBe('postgres');
    for (const file of ['sqlite:/tmp/p.sqlite', 'file:/tmp/p.sqlite', '/tmp/p.sqlite', 'p.sqlite'])
      expect(loadConfig({ DATABASE_URL: file }).database).toMatchObject({ kind: 'sqlite' });
  });
});
