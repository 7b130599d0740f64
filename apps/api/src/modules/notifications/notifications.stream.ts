import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationStreamQuery, streamTicketResponse } from '@pawsy/contract';
import { AppError } from '../../lib/app-error.ts';
import { revokes } from '../../lib/session-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RealtimeEvent } from '../../plugins/realtime.ts';
import { findLiveSession } from '../auth/index.ts';
import { issueStreamTicket, redeemStreamTicket } from './stream-tickets.service.ts';

/** Live streams one user may hold open on one instance (tabs, devices). */
export const MAX_STREAMS_PER_USER = 5;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One SSE frame; the event name is limited to a safe token. */
export function sseFrame(event: RealtimeEvent): string {
  const name = /^[a-z][a-z0-9_-]{0,39}$/i.test(event.type) ? event.type : 'message';
  return `event: ${name}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

/**
 * The live channel (Server-Sent Events). EventSource cannot send headers and a session token
 * must not sit in a URL, so a normal call (`POST /stream-ticket`, secret key + token) hands out a
 * single-use ticket valid a minute, and `GET /stream?ticket=…` opens the stream with it. The
 * stream lives only as long as its session: it ends when the session is revoked (logout, password
 * change or reset, on any instance: the session cache's revocations reach every instance through
 * Redis), every heartbeat re-checks it should a revocation have been missed, and a timer ends it
 * at the session's expiry.
 */
export function registerNotificationStream(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();
  const perUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.post(
    '/stream-ticket',
    {
      onRequest: app.requireAuth,
      schema: { tags: ['notifications'], response: { 200: streamTicketResponse } },
    },
    async (request) => ({
      success: true as const,
      data: await issueStreamTicket(app, currentUser(request)),
    }),
  );

  app.get(
    '/stream',
    {
      // The ticket was handed out by a call that carried the secret key and a session token.
      config: { skipSecretKey: true },
      // No HEAD twin: it would spend the single-use ticket on a stream nobody reads.
      exposeHeadRoute: false,
      schema: { tags: ['notifications'], querystring: notificationStreamQuery },
    },
    async (request, reply) => {
      const session = await redeemStreamTicket(app, request.query.ticket);
      const userId = session.id;
      if ((perUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) {
        throw new AppError('RATE_LIMITED', 'Too many live connections; close another tab');
      }
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      reply.hijack();
      // The stream keeps itself alive (heartbeats, up to SSE_HEARTBEAT_SECONDS apart) and ends on
      // revocation or expiry: the server's idle-socket timeout is not for it.
      request.raw.socket.setTimeout(0);
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 5000\n: connected\n\n');
      open.add(res);
      const unsubscribe = app.realtime.subscribe(userId, (event) => {
        res.write(sseFrame(event));
      });
      const stopWatching = app.sessionCache.onRevoke((msg) => {
        if (revokes(msg, session.sessionId, userId)) res.end();
      });
      const heartbeat = setInterval(() => {
        findLiveSession(app.db, session.sessionId)
          .then((live) => (live ? res.write(': ping\n\n') : res.end()))
          .catch(() => res.write(': ping\n\n'));
      }, app.config.sseHeartbeatMs);
      heartbeat.unref();
      const untilExpiry = Date.parse(session.expiresAt) - Date.now();
      const expiry = setTimeout(() => res.end(), Math.min(Math.max(untilExpiry, 0), MAX_TIMER_MS));
      expiry.unref();
      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        stopWatching();
        open.delete(res);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
      res.on('close', cleanup);
      request.raw.on('close', cleanup);
    },
  );
}
