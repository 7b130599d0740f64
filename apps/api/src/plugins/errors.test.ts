import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

/** The error handler on a bare app, with routes that throw what the database layer can throw. */
const app = Fastify({ logger: false });
registerErrorHandling(app);
const dbError = (code: string) => Object.assign(new Error(`db failed (${code})`), { code });
app.get('/deadlock', async () => {
  throw dbError('40P01');
});
app.get('/serialization', async () => {
  throw dbError('40001');
});
app.get('/other', async () => {
  throw dbError('XX000');
});
afterAll(() => app.close());

describe('database failures', () => {
  it('a transaction PostgreSQL gave up in a race is a 409 asking to try again', async () => {
    for (const url of ['/deadlock', '/serialization']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        message: 'This was changed by another request at the same moment; please try again',
        code: 'CONFLICT',
      });
    }
  });

  it('any other database failure stays a 500 that tells nothing of the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/other' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });
});
