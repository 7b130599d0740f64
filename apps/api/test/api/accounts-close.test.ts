import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { login, signupViaApi, tokenIsAccepted } from '../helpers/auth-flows.ts';
import {
  bookingRow,
  call,
  closeApp,
  createOwner,
  createProvider,
  hoursFromNow,
  postBooking,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeApp(t));

const close = (who: TestUser | null, payload: unknown = { password: who?.password }) =>
  call(t, 'DELETE', '/api/user/account', who, payload);

async function userRow(id: string) {
  return t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('DELETE /api/user/account', () => {
  it('asks who is asking and for the password again, and changes nothing on a refusal', async () => {
    const owner = await createOwner(t.app);
    expect((await close(null, { password: 'x' })).statusCode).toBe(401);

    const wrong = await close(owner, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect');

    const missing = await close(owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);

    expect(await tokenIsAccepted(t, owner.token)).toBe(true);
    expect((await userRow(owner.id)).deleted_at).toBeNull();
  });

  it('refuses an admin account', async () => {
    const admin = await createUser(t.app, { user_type: 'admin' });
    const res = await close(admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('An admin account cannot be closed from Settings');
    expect((await userRow(admin.id)).deleted_at).toBeNull();
  });

  it('waits for open bookings, applications and disputes, naming them', async () => {
    const owner = await createOwner(t.app);
    const sitter = await createProvider(t.app);
    const booking = await postBooking(t, owner);
    const applied = await call(t, 'POST', `/api/booking/${booking._id}/send-request`, sitter);
    expect(applied.statusCode, applied.body).toBeLessThan(300);

    const ownerRefused = await close(owner);
    expect(ownerRefused.statusCode).toBe(409);
    expect(ownerRefused.json().message).toBe(
      'Your account still has 1 booking asked for, accepted or under way. Cancel, withdraw or ' +
        'finish them first (an open dispute waits for an admin), then close it.',
    );
    const sitterRefused = await close(sitter);
    expect(sitterRefused.statusCode).toBe(409);
    expect(sitterRefused.json().message).toMatch(/still has 1 application to open requests\./);

    const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const dispute = await call(t, 'POST', '/api/dispute/', owner, {
      bookingId: booking._id,
      reason: 'No show',
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    const both = await close(sitter);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toMatch(
      /still has 1 booking asked for, accepted or under way and 1 open dispute\./,
    );
    for (const who of [owner, sitter]) {
      expect((await userRow(who.id)).deleted_at).toBeNull();
      expect(await tokenIsAccepted(t, who.token)).toBe(true);
    }
  });

  it('anonymises the account, ends its sessions and keeps what others hold', async () => {
    const owner = await createOwner(t.app);
    const sitter = await createProvider(t.app, undefined, {
      headline: 'Walks in the park',
      latitude: 38.72,
      longitude: -9.14,
    });
    const done = bookingRow(owner.id, {
      status: 'completed',
      provider_id: sitter.id,
      start_at: hoursFromNow(-50),
      end_at: hoursFromNow(-48),
      completed_at: hoursFromNow(-47),
    });
    await t.app.db.insertInto('bookings').values(done).execute();
    const sitterRow = await userRow(sitter.id);

    const res = await close(sitter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your account is closed',
      data: { sessionsEnded: 'all' },
    });

    const after = await userRow(sitter.id);
    expect(after.deleted_at).not.toBeNull();
    expect(after).toMatchObject({
      first_name: 'Former',
      last_name: 'member',
      phone: '',
      headline: null,
      latitude: null,
      longitude: null,
      image_path: null,
    });
    expect(after.email).not.toBe(sitterRow.email);
    expect(await tokenIsAccepted(t, sitter.token)).toBe(false);
    expect((await login(t, sitterRow.email, sitter.password)).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/user/${sitter.id}`, owner)).statusCode).toBe(404);

    // The owner's booking stays, its sitter shown as a former member.
    const seen = await call(t, 'GET', `/api/booking/${done.id}`, owner);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).toContain('Former');
    expect(seen.body).not.toContain(sitterRow.last_name);

    // The address is free for a new signup.
    const again = await signupViaApi(t, { email: sitterRow.email });
    expect(again.id).not.toBe(sitter.id);
  });
});
