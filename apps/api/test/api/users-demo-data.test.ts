import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProviderLocationIndex } from '../../src/modules/sitters/index.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openSession } from '../helpers/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: 'true' });
  await runStartupTasks(t.app);
});
afterAll(() => t.close());

const userByEmail = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('demo data for profiles, pets and nearby', () => {
  it('gives each demo owner pets and every member a welcome notification (not the admin)', async () => {
    const owners = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'user')
      .execute();
    expect(owners.length).toBeGreaterThan(0);
    for (const o of owners) {
      const pets = await t.app.db
        .selectFrom('pets')
        .select('name')
        .where('user_id', '=', o.id)
        .execute();
      expect(pets.length).toBeGreaterThanOrEqual(1);
      expect(pets.length).toBeLessThanOrEqual(3);
    }
    const olivia = await userByEmail('olivia@pawsy.test');
    const token = await openSession(t.app, olivia);
    const pets = await t.call({ method: 'GET', url: `/api/pets/user/${olivia.id}`, token });
    expect(pets.json().result.map((p: { name: string }) => p.name)).toContain('Biscuit');
    const notes = await t.call({ method: 'GET', url: '/api/notifications/all', token });
    expect(notes.json().allNotifications.some((n: { type: string }) => n.type === 'welcome')).toBe(
      true,
    ); // The admin is no member to be got to know: no welcome, in the seed or on a profile read.
    const admin = await userByEmail('admin@pawsy.test');
    const adminToken = await openSession(t.app, admin);
    await t.call({ method: 'GET', url: '/api/user/user-profile', token: adminToken });
    const adminNotes = await t.call({
      method: 'GET',
      url: '/api/notifications/all',
      token: adminToken,
    });
    expect(
      adminNotes.json().allNotifications.filter((n: { type: string }) => n.type === 'welcome'),
    ).toEqual([]);
  });

  it('indexes the seeded sitters: an Austin owner sees Austin sitters first', async () => {
    const olivia = await userByEmail('olivia@pawsy.test');
    const token = await openSession(t.app, olivia);
    const res = await t.call({ method: 'GET', url: '/api/user/nearby?limit=3', token });
    const body = res.json();
    expect(body.mode).toBe('nearby');
    expect(body.nearbyUsers[0].city).toBe('Austin');
    expect(body.nearbyUsers[0].distanceKm).toBeLessThan(20);
  });

  it('rebuilds the index at start-up when an insert skipped it', async () => {
    await sql`delete from provider_locations`.execute(t.app.db);
    if (t.engine === 'sqlite') await sql`delete from provider_locations_rtree`.execute(t.app.db);
    expect(await ensureProviderLocationIndex(t.app.db)).toBe(true);
    expect(await ensureProviderLocationIndex(t.app.db)).toBe(false);
    const { rows } = await sql<{ n: number }>`select count(*) as n from provider_locations`.execute(
      t.app.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
