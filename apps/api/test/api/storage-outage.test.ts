import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { multipartBody, pngImage } from '../helpers/multipart-form.ts';
import { runStartupTasks } from '../../src/startup.ts';

/*
 * The file store (S3 when STORAGE=s3) unreachable: an upload of a good file is the server's
 * failure to store it (502, logged), never the client's "Malformed multipart body" (400).
 */

let t: TestApp;
let owner: TestUser;

const unreachableS3 = {
  STORAGE: 's3',
  S3_BUCKET: 'nowhere',
  S3_REGION: 'us-east-1',
  // Nothing listens on the discard port: every store call fails at once.
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'test-access-key',
  S3_SECRET_ACCESS_KEY: 'test-secret-key',
};

beforeAll(async () => {
  t = await createTestApp(unreachableS3);
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

describe('readiness while the file store is down', () => {
  it('answers 503 naming the file store, while the database is up', async () => {
    const res = await t.call({ method: 'GET', url: '/readyz', noSecret: true });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      status: 'not-ready',
      database: true,
      storage: false,
      message: 'The file store is unreachable',
    });
  });
});

describe('starting while the file store is down', () => {
  it('goes on without demo data (uploads wait for the store)', async () => {
    await expect(runStartupTasks(t.app)).resolves.toBeNull();
  });

  it('stops a start that seeds demo data, naming the store and what to check', async () => {
    const demo = await createTestApp({ ...unreachableS3, DEMO_DATA: 'true' });
    try {
      await expect(runStartupTasks(demo.app)).rejects.toThrow(
        /^The file store is unreachable: the S3 bucket "nowhere" at http:\/\/127\.0\.0\.1:9 \(STORAGE=s3\): .*ECONNREFUSED.*; check S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials, or start with STORAGE=local\.$/,
      );
      // Nothing was seeded.
      const users = await demo.app.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).not.toContain('olivia@pawsy.test');
    } finally {
      await demo.close();
    }
  }, 60_000);
});
