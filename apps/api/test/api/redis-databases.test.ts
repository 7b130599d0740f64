import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { describeIf, missingRedisUrl, waitFor } from '../helpers/redis-server.ts';

/*
 * Redis delivers a PUBLISH to every subscriber of the server, whatever database they selected.
 * Two deployments on one Redis server, each on its own database number (a restored copy beside
 * the live one, with the same user ids), must not hear each other's live events; two instances
 * of one deployment (same number) must.
 */
describeIf(missingRedisUrl())('deployments on one Redis server, one database number each', () => {
  let live: TestApp;
  let sameDeployment: FastifyInstance;
  let restoredCopy: FastifyInstance;
  const onDatabase = (n: number) => {
    const url = new URL(process.env.REDIS_URL!);
    url.pathname = `/${n}`;
    return url.toString();
  };

  beforeAll(async () => {
    live = await createTestApp({ REDIS_URL: onDatabase(11) });
    sameDeployment = await buildApp(live.app.config, { logger: false });
    restoredCopy = await buildApp(
      { ...live.app.config, redisUrl: onDatabase(12) },
      { logger: false },
    );
  });
  afterAll(async () => {
    await restoredCopy?.close();
    await sameDeployment?.close();
    await live?.close();
  });

  it('delivers an event to the other instance of its deployment only', async () => {
    const userId = 'user-on-both-deployments';
    const heardBySame: unknown[] = [];
    const heardByCopy: unknown[] = [];
    const stopSame = sameDeployment.realtime.subscribe(userId, (e) => heardBySame.push(e));
    const stopCopy = restoredCopy.realtime.subscribe(userId, (e) => heardByCopy.push(e));
    try {
      const event = { type: 'notification', data: { message: 'only for the live deployment' } };
      await live.app.realtime.publish(userId, event);
      await waitFor(async () => heardBySame.length === 1, 'the same deployment heard nothing');
      // The same publish reached the other instance; give the copy as long, then check.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardBySame).toEqual([event]);
      expect(heardByCopy).toEqual([]);
    } finally {
      stopSame();
      stopCopy();
    }
  });
});
