import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, createOwner, createProvider, type Owner } from '../helpers/booking-fixtures.ts';
import { assignedBooking } from '../helpers/chat-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';
import { collectFrames, dataOf } from '../helpers/sse.ts';
import { describeIf, missingRedisUrl } from '../helpers/redis-server.ts';

/** Opens the live stream with a fresh ticket and collects its SSE frames. */
async function openStream(t: TestApp, base: string, token: string) {
  const ticket = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket', token });
  const controller = new AbortController();
  const res = await fetch(
    `${base}/api/notifications/stream?ticket=${ticket.json().data.ticket as string}`,
    { signal: controller.signal },
  );
  return collectFrames(res, controller);
}

describeIf(missingRedisUrl())(
  'chat across two API instances sharing the database and Redis',
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    let owner: Owner;
    let sitter: TestUser;
    let booking: string;
    beforeAll(async () => {
      a = await createTestApp({ REDIS_URL: process.env.REDIS_URL! });
      b = await buildApp(a.app.config, { logger: false });
      owner = await createOwner(a.app);
      sitter = await createProvider(a.app);
      booking = await assignedBooking(a, owner, sitter);
    }, 30_000);
    afterAll(async () => {
      await b.close();
      await a.app.close();
      await new Promise((r) => setTimeout(r, 150));
      await a.close();
    });

    it('a message posted on A reaches the live client of the other party on B', async () => {
      const base = await b.listen({ port: 0, host: '127.0.0.1' });
      const s = await openStream(a, base, sitter.token);
      await s.waitFor((f) => f.includes(': connected'));
      const sent = await call(a, 'POST', '/api/messages/', owner, {
        bookingId: booking,
        text: 'Across instances',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const frame = await s.waitFor((f) => f.startsWith('event: message\n'));
      expect(dataOf(frame)).toMatchObject({
        _id: sent.json().data._id,
        text: 'Across instances',
        sender: { _id: owner.id },
        bookingId: booking,
      });
      await s.waitFor((f) => f.startsWith('event: notification') && f.includes('Across instances'));
      await s.close();
    });
  },
);
