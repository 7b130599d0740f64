import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { multipartBody } from '../helpers/multipart-form.ts';

/*
 * A form field's line breaks travel as CRLF in multipart bodies (browsers and fetch's FormData
 * alike), where the text box counted one character each: the API stores and measures them as
 * LF, so a text that fits its box is accepted whole and reads back as typed.
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(() => closeApp(t));

const updateBio = async (bio: string) =>
  t.call({
    method: 'PUT',
    url: '/api/user/update-profile',
    token: user.token,
    ...(await multipartBody({ bio })),
  });

describe('multipart text fields', () => {
  it('counts a line break as one character: 2,000 with two breaks fit the 2,000 limit', async () => {
    const bio = `${'x'.repeat(999)}\n\n${'y'.repeat(999)}`;
    expect(bio).toHaveLength(2000);
    const body = await multipartBody({ bio });
    expect(body.payload.includes('\r\n\r\nyyy')).toBe(true);
    const res = await updateBio(bio);
    expect(res.statusCode, res.body).toBe(200);
    const own = await t.call({ method: 'GET', url: '/api/user/user-profile', token: user.token });
    expect(own.json().data.bio).toBe(bio);
  });

  it('still refuses a text one character over the limit', async () => {
    const res = await updateBio(`${'x'.repeat(1000)}\n${'y'.repeat(1000)}`);
    expect(res.statusCode).toBe(400);
  });
});
