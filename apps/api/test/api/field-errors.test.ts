import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signupViaApi } from '../helpers/auth-flows.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { lastCode } from '../helpers/mail.ts';
import { multipartBody, pngImage, type FormFile } from '../helpers/multipart-form.ts';

/*
 * DESIGN §4: a 400 about a field names it in `errors`, whichever check refused it. A schema
 * failure answers `errors: [{ path, message }]`; the checks a schema cannot state (written in the
 * services) answer with the same element, their message unchanged.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

async function form(url: string, fields: Record<string, string>, files: FormFile[] = []) {
  return t.call({
    method: 'POST',
    url,
    token: owner.token,
    ...(await multipartBody(fields, files)),
  });
}

/** The answer of a 400 about one field: the message as it was, and the field in `errors`. */
function expectFieldError(
  res: { statusCode: number; body: string },
  path: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body)).toEqual({
    message,
    code: 'BAD_REQUEST',
    errors: [{ path, message }],
  });
}

describe('400s about one field name it in errors', () => {
  it('uses the element shape of a schema failure', async () => {
    const schema = await t.call({
      method: 'GET',
      url: '/api/messages/thread?page=abc',
      token: owner.token,
    });
    expect(schema.statusCode).toBe(400);
    const [element] = schema.json().errors as object[];
    expect(Object.keys(element!).sort()).toEqual(['message', 'path']);
  });

  it('GET /api/messages/thread without bookingId', async () => {
    const res = await t.call({ method: 'GET', url: '/api/messages/thread', token: owner.token });
    expectFieldError(res, 'bookingId', 'bookingId is required');
  });

  it('POST /api/messages without bookingId', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/messages/',
      token: owner.token,
      payload: { text: 'Hello' },
    });
    expectFieldError(res, 'bookingId', 'bookingId is required');
  });

  it('POST /api/pets (multipart) without userId', async () => {
    expectFieldError(await form('/api/pets', { name: 'Rex' }), 'userId', 'User ID is required');
  });

  it('POST /api/pets with a file under a field it does not take', async () => {
    const png = await pngImage(20, 20);
    const res = await form('/api/pets', { userId: owner.id, name: 'Rex' }, [
      { name: 'bogus', filename: 'a.png', type: 'image/png', data: png },
    ]);
    expectFieldError(res, 'bogus', 'Unexpected file field "bogus"');
  });

  it('POST /api/kyc with no documents', async () => {
    const res = await form('/api/kyc', { userId: owner.id, text: 'My passport' });
    expectFieldError(res, 'documents', 'Upload at least one document (JPEG, PNG or PDF)');
  });

  it('PUT /api/auth/update-password with a wrong current password, or the same one', async () => {
    const user = await createUser(t.app);
    const call = (currentPassword: string, newPassword: string) =>
      t.call({
        method: 'PUT',
        url: '/api/auth/update-password',
        token: user.token,
        payload: { currentPassword, newPassword },
      });
    expectFieldError(
      await call('Not-The-Password-1', 'Whatever-Pass-1'),
      'currentPassword',
      'Current password is incorrect',
    );
    expectFieldError(
      await call(user.password, user.password),
      'newPassword',
      'The new password must be different from the current one',
    );
  });

  it('a wrong code names otp, and an unknown email answers exactly the same', async () => {
    const u = await signupViaApi(t);
    const code = lastCode(t.dataDir, u.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const verify = (email: string) =>
      t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: wrong } });
    const known = await verify(u.email);
    const unknown = await verify('nobody-here@example.test');
    expect(known.statusCode, known.body).toBe(400);
    expect(known.json().errors).toEqual([{ path: 'otp', message: known.json().message }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(known.body);
  });
});
