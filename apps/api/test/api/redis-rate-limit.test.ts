import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  describeIf,
  missingRedisServer,
  startRedisServer,
  type RedisServer,
} from '../helpers/redis-server.ts';

// A Redis of this file's own: counters on a shared one would mix with other test files' requests.
describeIf(missingRedisServer())('rate-limit counters shared by two instances', () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    redis = await startRedisServer();
    a = await createTestApp({
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: '6',
      AUTH_RATE_LIMIT_MAX: '3',
    });
    b = await buildApp(a.app.config, { logger: false }); // same database, same Redis
    user = await createUser(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  /** The same request sent to A, then B, then A…, as a load balancer would spread it. */
  const alternate = async (count: number, url: string, payload?: object) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await (i % 2 === 0 ? a.app : b).inject({
        method: payload ? 'POST' : 'GET',
        url,
        payload,
        headers: { 'secret-key': SECRET_KEY, 'x-auth-token': user.token },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('the per-IP limit is reached at the shared total, not per instance', async () => {
    const codes = await alternate(8, '/api/user/user-profile');
    // Each instance saw only 4 requests; alone, neither would have limited anything.
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('route limits (login per IP + email) are shared too', async () => {
    await redis.flush(); // a fresh window for the per-IP counter above
    const codes = await alternate(4, '/api/auth/login', { email: user.email, password: 'Nope-1' });
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it("a member's budget of coupon-code checks is shared too", async () => {
    await redis.flush();
    const codes = await alternate(4, '/api/coupons/quote?code=GUESS1&amountCents=1000');
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
