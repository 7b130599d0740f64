import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { CREDITS_FOR_OWNERS } from '@pawsy/contract';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';

let t: TestApp;
let owner: Owner;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
}, 60_000);
afterAll(() => closeApp(t));

describe('credits ledger', () => {
  it('starts at zero', async () => {
    const res = await call(t, 'GET', `/api/userCredit/user-credits/${owner.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { userId: owner.id, balance: 0, currency: 'USD', entries: [] },
    });
  });

  it('grants credits, notifies the user and lists entries newest first', async () => {
    const first = await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: owner.id,
      amount: 2500,
      reason: '  Welcome gift  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { balance: 2500, entry: { amount: 2500, reason: 'Welcome gift' } },
    });
    const second = await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: owner.id,
      amount: 1_000_000,
      reason: 'Apology for a cancelled stay',
    });
    expect(second.json().data.balance).toBe(1_002_500);
    const list = await call(t, 'GET', `/api/userCredit/user-credits/${owner.id}`, admin);
    const entries = list.json().data.entries;
    expect(entries.map((e: { amount: number }) => e.amount)).toEqual([1_000_000, 2500]);
    expect(entries[0]).not.toHaveProperty('bookingId');
    const notes = await t.app.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', owner.id)
      .execute();
    expect(notes.filter((n) => n.type === 'credits')).toHaveLength(2);
    expect(notes[0]!.message).toMatch(/\$25\.00/);
  });

  it('grants to pet owners only: a sitter could never spend them', async () => {
    const sitter = await createProvider(t.app);
    const res = await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: sitter.id,
      amount: 1500,
      reason: 'Dispute settled',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CREDITS_FOR_OWNERS,
      errors: [expect.objectContaining({ path: 'userId' })],
    });
    const ledger = await call(t, 'GET', `/api/userCredit/user-credits/${sitter.id}`, admin);
    expect(ledger.json().data).toMatchObject({ balance: 0, entries: [] });
  });

  it('keeps no mutable balance: the balance is the sum of the entries', async () => {
    const rows = await t.app.db
      .selectFrom('credit_entries')
      .select('amount')
      .where('user_id', '=', owner.id)
      .execute();
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(1_002_500);
  });

  it('reads the balance from the ledger sum the triggers keep, whoever writes the entries', async () => {
    const user = await createOwner(t.app);
    const sum = async () =>
      (
        await t.app.db
          .selectFrom('credit_entries')
          .select('amount')
          .where('user_id', '=', user.id)
          .execute()
      ).reduce((s, r) => s + r.amount, 0);
    const shown = async () =>
      (await call(t, 'GET', `/api/userCredit/user-credits/${user.id}`, user)).json().data.balance;
    await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: user.id,
      amount: 700,
      reason: 'Gift',
    });
    // Entries written straight to the table (another instance, an operator): inserted, changed,
    // moved to another user and deleted.
    const entry = (amount: number) => ({
      id: newId(),
      user_id: user.id,
      amount,
      reason: 'direct',
      booking_id: null,
      created_at: nowIso(),
    });
    const [a, b] = [entry(300), entry(-200)];
    await t.app.db.insertInto('credit_entries').values([a, b]).execute();
    expect(await shown()).toBe(800);
    await t.app.db
      .updateTable('credit_entries')
      .set({ amount: 50 })
      .where('id', '=', a.id)
      .execute();
    expect(await shown()).toBe(550);
    await t.app.db.deleteFrom('credit_entries').where('id', '=', b.id).execute();
    expect(await shown()).toBe(750);
    await t.app.db
      .updateTable('credit_entries')
      .set({ user_id: owner.id })
      .where('id', '=', a.id)
      .execute();
    expect(await shown()).toBe(700);
    expect(await shown()).toBe(await sum());
    const before = await call(t, 'GET', `/api/userCredit/user-credits/${owner.id}`, owner);
    expect(before.json().data.balance).toBe(1_002_550);
    await t.app.db.deleteFrom('credit_entries').where('id', '=', a.id).execute();
  });

  it('shows at most the last 100 entries', async () => {
    const user = await createOwner(t.app);
    for (let i = 0; i < 105; i += 1) {
      await call(t, 'POST', '/api/userCredit/user-credits', admin, {
        userId: user.id,
        amount: 1,
        reason: `#${i}`,
      });
    }
    const res = await call(t, 'GET', `/api/userCredit/user-credits/${user.id}`, user);
    expect(res.json().data.balance).toBe(105);
    expect(res.json().data.entries).toHaveLength(100);
    expect(res.json().data.entries[0].reason).toBe('#104');
  }, 30_000);
});
