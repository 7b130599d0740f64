import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../../src/modules/notifications/notifications.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await createUser(t.app),
    'another owner': await createUser(t.app),
    provider: await createUser(t.app, { user_type: 'provider' }),
    'another provider': await createUser(t.app, { user_type: 'provider' }),
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
});
afterAll(() => t.close());

const all = (token: string) => t.call({ method: 'GET', url: '/api/notifications/all', token });

describe('notifications', () => {
  it("lists only the caller's unread notifications, newest first, with time and data.datetime", async () => {
    await notifyUser(t.app, actors.owner.id, {
      type: 'booking',
      message: 'first',
      data: { bookingId: 'b1' },
    });
    await new Promise((r) => setTimeout(r, 5));
    await notifyUser(t.app, actors.owner.id, { type: 'booking', message: 'second' });
    await notifyUser(t.app, actors['another owner'].id, { type: 'booking', message: 'not yours' });
    const res = await all(actors.owner.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().allNotifications;
    expect(list.map((n: { message: string }) => n.message)).toEqual(['second', 'first']);
    expect(list[1]).toMatchObject({ type: 'booking', read: false, data: { bookingId: 'b1' } });
    expect(list[1].data.datetime).toBe(list[1].time);
  });

  it('caps the list at the newest 100', async () => {
    for (let i = 0; i < 105; i++) {
      await notifyUser(t.app, actors.provider.id, { type: 'x', message: `n${i}` });
      await new Promise((r) => setTimeout(r, 2)); // distinct timestamps
    }
    const list = (await all(actors.provider.token)).json().allNotifications;
    expect(list).toHaveLength(100);
    const messages = list.map((n: { message: string }) => n.message);
    expect(messages).toContain('n104');
    for (let i = 0; i < 5; i++) expect(messages).not.toContain(`n${i}`);
    const times = list.map((n: { time: string }) => n.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([
    ['no body', {}],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
    ['an empty object', { payload: {} }],
  ])('marks all read with %s', async (_label, extra) => {
    await notifyUser(t.app, actors.owner.id, { type: 'x', message: 'again' });
    const res = await t.call({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      token: actors.owner.token,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect((await all(actors.owner.token)).json().allNotifications).toEqual([]);
    // someone else's stay unread
    expect((await all(actors['another owner'].token)).json().allNotifications).toHaveLength(1);
  });

  it("marks one of the caller's notifications read: it leaves the list, the others stay", async () => {
    const user = await createUser(t.app);
    const kept = await notifyUser(t.app, user.id, { type: 'x', message: 'kept' });
    const read = await notifyUser(t.app, user.id, { type: 'x', message: 'read' });
    const mark = (token: string, id: string) =>
      t.call({ method: 'POST', url: `/api/notifications/${id}/read`, token });

    const res = await mark(user.token, read._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Notification marked as read',
      data: { _id: read._id, message: 'read', read: true },
    });
    const list = (await all(user.token)).json();
    expect(list.allNotifications.map((n: { _id: string }) => n._id)).toEqual([kept._id]);
    expect(list.total).toBe(1);
    // Again: still read, same answer.
    expect((await mark(user.token, read._id)).json().data.read).toBe(true);

    // Another member's, and one that does not exist, read alike; nothing changes.
    for (const id of [kept._id, 'ffffffffffffffffffffffff']) {
      const refused = await mark(actors['another owner'].token, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Notification not found');
    }
    expect((await all(user.token)).json().total).toBe(1);
  });

  it('rejects a malformed JSON body with 400, not 500', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      token: actors.owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

runPermissionMatrix('notifications permission matrix', () => ({ t, actors, fixtures: {} }), [
  ...(['anonymous', 'owner', 'provider', 'admin'] as const).flatMap((as) => [
    { method: 'GET', path: '/api/notifications/all', as, expect: as === 'anonymous' ? 401 : 200 },
    {
      method: 'POST',
      path: '/api/notifications/mark-all-read',
      as,
      expect: as === 'anonymous' ? 401 : 200,
    },
    { method: 'GET', path: '/api/notifications/stream', as: 'anonymous' as const, expect: 401 },
  ]),
]);
