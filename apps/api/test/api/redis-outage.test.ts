import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { notifyUser } from '../../src/modules/notifications/notifications.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  describeIf,
  missingRedisServer,
  startRedisServer,
  waitFor,
  type RedisServer,
} from '../helpers/redis-server.ts';

// Two instances on one Redis this file starts itself, so that it can stop it mid-test.
describeIf(missingRedisServer())('Redis going down and coming back', () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await createTestApp({ REDIS_URL: redis.url, RATE_LIMIT_MAX: '5' });
    b = await buildApp(a.app.config, { logger: false }); // same database, same Redis
    user = await createUser(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  const readyz = () => a.call({ method: 'GET', url: '/readyz', noSecret: true });
  const profile = () => a.call({ method: 'GET', url: '/api/user/user-profile', token: user.token });

  it('reports Redis in /readyz while it is up', async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: true, redis: true, storage: true });
  });

  it('keeps serving with Redis down: rate limits fail open, /readyz names Redis', async () => {
    await redis.stop();
    await waitFor(async () => (await readyz()).statusCode === 503, '/readyz stayed 200');
    expect((await readyz()).json()).toEqual({
      status: 'not-ready',
      database: true,
      redis: false,
      storage: true,
      message: 'Redis is unreachable',
    });
    // More requests than RATE_LIMIT_MAX, each answered at once: nothing waits for Redis.
    const started = Date.now();
    for (let i = 0; i < 8; i++) expect((await profile()).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // Routes with their own limits (per IP + email, and the wide per-email cap) fail open too.
    const login = await a.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    // Live events still reach this instance's clients; notifying does not fail.
    await expect(
      notifyUser(a.app, user.id, { type: 'booking', message: 'while down' }),
    ).resolves.not.toThrow();
  });

  it('recovers when Redis is back: /readyz 200 and live events cross instances again', async () => {
    await redis.start();
    await waitFor(async () => (await readyz()).statusCode === 200, '/readyz stayed 503');
    expect((await readyz()).json()).toMatchObject({ redis: true });

    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const ticket = await a.call({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      token: user.token,
    });
    const res = await fetch(
      `${base}/api/notifications/stream?ticket=${ticket.json().data.ticket}`,
      {
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();
    // Published on B, delivered through Redis to the client connected to A.
    await notifyUser(b, user.id, { type: 'dispute', message: 'from B after the outage' });
    await waitFor(
      async () => received.includes('from B after the outage'),
      `no live event from B reached A; got ${JSON.stringify(received)}`,
      5000,
    );
    controller.abort();
    await reading;
  });
});
