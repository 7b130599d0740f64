/**
 * Type-level tests of the generated client, checked by `npm run typecheck` (never run): calls
 * that fit the API compile and give typed answers; calls that do not fit are compile errors.
 */
import { createClient, type operations, type PathsFor, type Success } from './index.ts';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(_proof?: T) => {};

export async function typeTests(): Promise<void> {
  const api = createClient({ secretKey: 'key' });

  // SPEC §7 calls, with their parameters and answers.
  const login = await api.post('/api/auth/login', {
    body: { email: 'a@b.c', password: 'secret', rememberMe: true },
  });
  assert<Equal<typeof login.token, string>>();
  assert<Equal<typeof login.success, true>>();

  const _detail = await api.get('/api/booking/{id}', { path: { id: 'abc' }, token: login.token });
  assert<Equal<typeof _detail.booking._id, string>>();

  const _nearby = await api.get('/api/user/nearby', {
    query: { page: 1, limit: 15, city: 'Oslo' },
  });
  assert<Equal<typeof _nearby, Success<operations['getUserNearby']>>>();
  await api.get('/api/user/nearby');

  const _changed = await api.put('/api/auth/update-password', {
    body: { currentPassword: 'old secret', newPassword: 'new secret' },
  });
  assert<Equal<typeof _changed.message, string>>();
  await api.post('/api/notifications/mark-all-read');

  // Paths are known per method.
  assert<Equal<'/api/auth/login' extends PathsFor<'post'> ? true : false, true>>();
  assert<Equal<'/api/auth/login' extends PathsFor<'get'> ? true : false, false>>();

  // @ts-expect-error unknown path
  await api.get('/api/nope');
  // @ts-expect-error login is a POST
  await api.get('/api/auth/login');
  // @ts-expect-error the path parameter is required
  await api.get('/api/booking/{id}');
  // @ts-expect-error the path parameter is named id
  await api.get('/api/booking/{id}', { path: { bookingId: 'abc' } });
  // @ts-expect-error login needs a password
  await api.post('/api/auth/login', { body: { email: 'a@b.c' } });
  // @ts-expect-error limit is a number
  await api.get('/api/user/nearby', { query: { limit: 'fifteen' } });
  // @ts-expect-error no such field in the answer
  void login.nope;
}
