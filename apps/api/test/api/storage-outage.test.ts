import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { multipartBody, pngImage } from '../helpers/multipart-form.ts';

/*
 * The file store (S3 when STORAGE=s3) unreachable: an upload of a good file is the server's
 * failure to store it (502, logged), never the client's "Malformed multipart body" (400).
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    STORAGE: 's3',
    S3_BUCKET: 'nowhere',
    S3_REGION: 'us-east-1',
    // Nothing listens on the discard port: every store call fails at once.
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  });
  owner = await createUser(t.app);
}, 60_000);
afterAll(() => t.close());

describe('an upload while the file store is down', () => {
  it('answers 502 "could not be stored", not a malformed body, and stores nothing', async () => {
    const body = await multipartBody({ firstName: 'Olive' }, [
      { name: 'image', filename: 'me.png', type: 'image/png', data: await pngImage(40, 30) },
    ]);
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/update-profile',
      token: owner.token,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'UPSTREAM',
      message: 'The file could not be stored; please try again later',
    });
    const row = await t.app.db
      .selectFrom('users')
      .select(['image_path'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.image_path).toBeNull();
  });
});
