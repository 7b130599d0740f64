import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Paths under /api that need no secret-key: health checks, docs, payment webhooks. */
const EXEMPT = [
  /^\/api\/docs(\/|$)/,
  /^\/api\/stripe\/webhook(\/|$)/,
  /^\/api\/payments\/webhook(\/|$)/,
  // EventSource cannot send headers: the live channel checks ?secretKey= itself.
  /^\/api\/notifications\/stream$/,
];

export function registerSecretKey(app: FastifyInstance, secretKey: string): void {
  const expected = Buffer.from(secretKey);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') && path !== '/api') return;
    if (EXEMPT.some((re) => re.test(path))) return;
    const given = request.headers['secret-key'];
    const value = Buffer.from(typeof given === 'string' ? given : '');
    if (value.length !== expected.length || !timingSafeEqual(value, expected)) {
      return reply
        .status(401)
        .send({ message: 'Invalid or missing secret key', code: 'UNAUTHENTICATED' });
    }
  });
}
