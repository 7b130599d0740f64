import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { describeIf, waitFor } from '../helpers/redis-server.ts';

/*
 * PostgreSQL ending the server's connections (a restart, a failover, pg_terminate_backend) must
 * not end the process: node-postgres re-throws an idle connection's error unless someone listens.
 * The server drops those connections and opens new ones on the next query.
 */
// The api-postgres project runs it; without TEST_DATABASE_URL, api-sqlite says why it cannot.
const missing =
  process.env.PAWSY_TEST_DB === 'postgres' ? null : 'TEST_DATABASE_URL is unset (needs PostgreSQL)';

describeIf(missing)('PostgreSQL ending connections', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
  });
  afterAll(() => t?.close());

  const readyz = () => t.call({ method: 'GET', url: '/readyz', noSecret: true });
  const profile = () => t.call({ method: 'GET', url: '/api/user/user-profile', token: user.token });

  it('keeps serving after every connection of its pool was terminated', async () => {
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 5 }, profile));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const { database } = t.app.config;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const name = new URL(database.url).pathname.slice(1);
    await adminQuery(
      process.env.TEST_DATABASE_URL!,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
    );
    // The pool hears of the closed connections asynchronously; give it the chance to throw.
    await new Promise((resolve) => setTimeout(resolve, 300));

    await waitFor(async () => (await readyz()).statusCode === 200, '/readyz did not recover');
    expect((await profile()).statusCode).toBe(200);
  });
});
