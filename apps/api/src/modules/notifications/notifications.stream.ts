import { timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationStreamQuery } from '@pawsy/contract';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RealtimeEvent } from '../../plugins/realtime.ts';

export const HEARTBEAT_MS = 25_000;

function hasValidSecret(request: FastifyRequest, expected: string, fromQuery?: string): boolean {
  const header = request.headers['secret-key'];
  const given = typeof header === 'string' ? header : (fromQuery ?? '');
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One SSE frame; the event name is limited to a safe token. */
export function sseFrame(event: RealtimeEvent): string {
  const name = /^[a-z][a-z0-9_-]{0,39}$/i.test(event.type) ? event.type : 'message';
  return `event: ${name}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

/**
 * GET /api/notifications/stream: the live channel (Server-Sent Events). EventSource cannot send
 * headers, so the secret key and the token may come as ?secretKey=&token= (secret-key.ts exempts
 * this one path and the check happens here). Frames: `event: notification` and `event: message`
 * with JSON data; a comment line every 25 s keeps proxies from closing an idle stream.
 */
export function registerNotificationStream(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/stream',
    {
      schema: { tags: ['notifications'], querystring: notificationStreamQuery },
      onRequest: async (request, reply) => {
        const query = request.query as { token?: string; secretKey?: string };
        if (!hasValidSecret(request, app.config.secretKey, query.secretKey)) {
          throw new AppError('UNAUTHENTICATED', 'Invalid or missing secret key');
        }
        if (query.token && !request.headers['x-auth-token']) {
          request.headers['x-auth-token'] = query.token;
        }
        await app.requireAuth(request, reply);
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.hijack();
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
      const unsubscribe = app.realtime.subscribe(user.id, (event) => {
        res.write(sseFrame(event));
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', cleanup);
      request.raw.on('close', cleanup);
    },
  );
}
