import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createSessionCache } from '../../src/lib/session-cache.ts';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, openSession, type TestUser } from '../helpers/factories.ts';
import {
  describeIf,
  missingRedisServer,
  startRedisServer,
  type RedisServer,
} from '../helpers/redis-server.ts';

const profile = (app: FastifyInstance, token: string) =>
  app
    .inject({
      method: 'GET',
      url: '/api/user/user-profile',
      headers: { 'secret-key': SECRET_KEY, 'x-auth-token': token },
    })
    .then((res) => res.statusCode);

const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

/** Revokes a session row behind the cache's back (no broadcast), as a stale cache would miss. */
const revokeRowOnly = (app: FastifyInstance, token: string) =>
  app.db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', sidOf(token))
    .execute();

describe('session cache on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves a recently seen session from memory until a revocation drops it', async () => {
    const u = await createUser(t.app);
    expect(await profile(t.app, u.token)).toBe(200);
    await revokeRowOnly(t.app, u.token);
    // Cached: the row changed behind its back, so it still answers (for at most the TTL).
    expect(await profile(t.app, u.token)).toBe(200);
    t.app.sessionCache.revokeSession(sidOf(u.token));
    expect(await profile(t.app, u.token)).toBe(401);
  });

  it('logout refuses the token at once, though it was cached a moment before', async () => {
    const u = await createUser(t.app);
    expect(await profile(t.app, u.token)).toBe(200);
    const out = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: u.token,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await profile(t.app, u.token)).toBe(401);
  });

  it('a password change ends the other cached sessions at once and keeps the caller', async () => {
    const u: TestUser = await createUser(t.app);
    const other = await openSession(t.app, { id: u.id, email: u.email, user_type: 'user' });
    expect(await profile(t.app, other)).toBe(200);
    expect(await profile(t.app, u.token)).toBe(200);
    const res = await t.call({
      method: 'PUT',
      url: '/api/auth/update-password',
      token: u.token,
      payload: { currentPassword: u.password, newPassword: 'An0ther-long-pass!' },
    });
    expect(res.statusCode).toBe(200);
    expect(await profile(t.app, other)).toBe(401);
    expect(await profile(t.app, u.token)).toBe(200);
  });

  it('does not cache an answer that a revocation overtook while it was being read', async () => {
    const cache = await createSessionCache<string>(null, t.app.log);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.lookup('s1', async () => {
      await gate;
      return { value: 'live', userId: 'u1', expiresAtMs: Date.now() + 60_000 };
    });
    cache.revokeUser('u1');
    release();
    expect(await pending).toBe('live'); // read before the revocation committed
    expect(cache.size()).toBe(0); // but not trusted afterwards
  });

  it('stays bounded and forgets sessions past their expiry', async () => {
    const cache = await createSessionCache<number>(null, t.app.log, 60_000, 3);
    for (let i = 0; i < 5; i++)
      await cache.lookup(`s${i}`, async () => ({
        value: i,
        userId: 'u',
        expiresAtMs: Date.now() + 60_000,
      }));
    expect(cache.size()).toBe(3);
    await cache.lookup('old', async () => ({ value: 9, userId: 'u', expiresAtMs: Date.now() - 1 }));
    let loads = 0;
    const again = await cache.lookup('old', async () => {
      loads += 1;
      return null;
    });
    expect(again).toBeNull();
    expect(loads).toBe(1);
  });
});

// A Redis of this file's own, shared by two instances on one database.
describeIf(missingRedisServer())('session cache across instances (REDIS_URL)', () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await createTestApp({ REDIS_URL: redis.url });
    b = await buildApp(a.app.config, { logger: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  /** Polls B until it refuses the token; the pub/sub delay is milliseconds on loopback. */
  const refusedOnB = async (token: string) => {
    for (let i = 0; i < 50; i++) {
      if ((await profile(b, token)) === 401) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  it('a logout on A is refused on B within the pub/sub delay, though B had it cached', async () => {
    const u = await createUser(a.app);
    expect(await profile(b, u.token)).toBe(200);
    await revokeRowOnly(a.app, u.token);
    expect(await profile(b, u.token)).toBe(200); // B trusts its cache: only a message moves it
    a.app.sessionCache.revokeSession(sidOf(u.token));
    expect(await profile(a.app, u.token)).toBe(401); // at once on A
    expect(await refusedOnB(u.token)).toBe(true);
  });

  it('the logout route itself broadcasts', async () => {
    const u = await createUser(a.app);
    expect(await profile(b, u.token)).toBe(200);
    const out = await a.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: u.token,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await profile(a.app, u.token)).toBe(401);
    expect(await refusedOnB(u.token)).toBe(true);
  });

  it('revoking a user on B drops every session of theirs cached on A', async () => {
    const u = await createUser(a.app);
    const second = await openSession(a.app, { id: u.id, email: u.email, user_type: 'user' });
    expect(await profile(a.app, u.token)).toBe(200);
    expect(await profile(a.app, second)).toBe(200);
    await a.app.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    b.sessionCache.revokeUser(u.id);
    for (let i = 0; i < 50 && (await profile(a.app, second)) !== 401; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await profile(a.app, second)).toBe(401);
    expect(await profile(a.app, u.token)).toBe(401);
  });
});
