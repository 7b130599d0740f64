import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { migrateBackTo } from '../helpers/migrations.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';

/**
 * A member holds one place in the KYC queue, on both engines: kyc_records_one_pending_idx refuses
 * a second PENDING record even when two submissions pass the service's check at the same moment
 * (PostgreSQL), and its migration closed the older of any pair left from before.
 */
const BEFORE = '2026-12-05T02-30-00-occupancy-reads';

let t: TestApp;
let twice: TestUser;
let once: TestUser;
const ids = { older: newId(), newer: newId(), alone: newId() };

function pendingRow(id: string, userId: string, createdAt: string) {
  return {
    id,
    user_id: userId,
    status: 'PENDING' as const,
    text: 'Passport',
    rejection_reason: null,
    reviewed_by: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

const statusOf = async (userId: string) =>
  t.app.db
    .selectFrom('kyc_records')
    .select(['id', 'status', 'rejection_reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  await migrateBackTo(t.app.db, BEFORE);
  twice = await createUser(t.app);
  once = await createUser(t.app);
  // What a race could leave before the index: two records of one member waiting.
  await t.app.db
    .insertInto('kyc_records')
    .values([
      pendingRow(ids.older, twice.id, '2026-12-01T10:00:00.000Z'),
      pendingRow(ids.newer, twice.id, '2026-12-01T10:00:00.500Z'),
      pendingRow(ids.alone, once.id, '2026-12-01T09:00:00.000Z'),
    ])
    .execute();
  await migrateToLatest(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

describe('one KYC record waiting per member', () => {
  it('the migration keeps the newest waiting record and closes the older one as replaced', async () => {
    expect(await statusOf(twice.id)).toEqual([
      { id: ids.older, status: 'Rejected', rejection_reason: 'Replaced by your newer submission' },
      { id: ids.newer, status: 'PENDING', rejection_reason: null },
    ]);
    expect(await statusOf(once.id)).toEqual([
      { id: ids.alone, status: 'PENDING', rejection_reason: null },
    ]);
  });

  it('the database refuses a second waiting record of the same member', async () => {
    const second = t.app.db
      .insertInto('kyc_records')
      .values(pendingRow(newId(), once.id, new Date().toISOString()))
      .execute();
    await expect(second).rejects.toThrow();
    expect((await statusOf(once.id)).filter((r) => r.status === 'PENDING')).toHaveLength(1);
  });

  it('two submissions at the same moment: one is taken, the other told the review is under way', async () => {
    const member = await createUser(t.app);
    const send = () =>
      submitKyc(t, member, { text: 'ID card' }, [doc(PNG_1PX, 'id.png', 'image/png')]);
    // Two: a member has at most MAX_UPLOADS_PER_USER (2) uploads in flight; a third is a 429.
    const answers = await Promise.all([send(), send()]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(
        'Your documents are being reviewed; you can send new ones if they are not accepted',
      );
    expect(await statusOf(member.id)).toHaveLength(1);
  });
});
