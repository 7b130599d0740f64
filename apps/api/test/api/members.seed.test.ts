import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const userOf = (email: string) =>
  t.app.db
    .selectFrom('users')
    .select(['id', 'email', 'user_type'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('demo members', () => {
  it("shows the admin's past KYC and dispute decisions on the members' audit logs", async () => {
    const admin = await userOf('admin@pawsy.test');
    const token = await openSession(t.app, admin);
    const auditOf = async (email: string) => {
      const { id } = await userOf(email);
      const res = await t.call({ method: 'GET', url: `/api/admin/members/${id}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.audit.data as { action: string; actorName: string; after: unknown }[];
    };
    const ethan = await auditOf('ethan@pawsy.test');
    expect(ethan).toContainEqual(
      expect.objectContaining({
        action: 'kyc.decision',
        actorName: expect.any(String),
        after: expect.objectContaining({ status: 'Rejected' }),
      }),
    );
    const disputeEntries = (
      await Promise.all(
        [
          ...['olivia', 'marcus', 'priya', 'sam', 'maya', 'leo'],
          ...['hannah', 'jade', 'omar', 'nora', 'ethan'],
        ].map((n) => auditOf(`${n}@pawsy.test`)),
      )
    )
      .flat()
      .filter((e) => e.action === 'dispute.status');
    // Two settled demo disputes, each on both parties' logs.
    expect(disputeEntries).toHaveLength(4);
    expect((await auditOf('priya@pawsy.test')).some((e) => e.action === 'kyc.decision')).toBe(
      false,
    );
  });

  it('lists the demo members for the admin, searchable', async () => {
    const admin = await userOf('admin@pawsy.test');
    const token = await openSession(t.app, admin);
    const res = await t.call({ method: 'GET', url: '/api/admin/members?search=olivia', token });
    expect(res.json().data.map((m: { email: string }) => m.email)).toEqual(['olivia@pawsy.test']);
  });
});
