import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from '../../src/db/sqlite-driver.ts';
import { createDb } from '../../src/db/index.ts';
import { RECHECK_MS } from '../../src/modules/users/profile-cache.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { multipartBody, pngImage } from '../helpers/multipart-form.ts';

let t: TestApp;
let owner: TestUser;
let provider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { first_name: 'Olive', last_name: 'Owner' });
  provider = await createUser(t.app, { user_type: 'provider', first_name: 'Sam' });
});
afterAll(() => t.close());

/** A write straight to a user's row, bypassing the API, as a job or another module would make. */
const writeRow = (id: string, changes: Updateable<Database['users']>) =>
  t.app.db.updateTable('users').set(changes).where('id', '=', id).execute();

async function update(token: string, fields: Record<string, string>, files = [] as never[]) {
  const body = await multipartBody(fields, files);
  return t.call({ method: 'PUT', url: '/api/user/update-profile', token, ...body });
}

describe('GET /api/user/user-profile', () => {
  it('answers the own profile under data and user, and leaves one welcome notification', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/user-profile', token: owner.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual(body.user);
    expect(body.data).toMatchObject({ _id: owner.id, id: owner.id, email: owner.email });
    expect(body.data).not.toHaveProperty('password_hash');
    await t.call({ method: 'GET', url: '/api/user/user-profile', token: owner.token });
    const list = await t.call({ method: 'GET', url: '/api/notifications/all', token: owner.token });
    const welcome = list
      .json()
      .allNotifications.filter((n: { type: string }) => n.type === 'welcome');
    expect(welcome).toHaveLength(1);
  });
  it('needs a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/user-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No authentication token found');
  });

  // The answer is kept per user while users.version is unchanged: every way of changing the row
  // must show on the next read, including writes that bypass the API.
  it('shows every change to the row on the next read, whoever writes it', async () => {
    const reader = await createUser(t.app, { first_name: 'Kept' });
    const read = async () =>
      (await t.call({ method: 'GET', url: '/api/user/user-profile', token: reader.token })).json()
        .data;
    expect((await read()).firstName).toBe('Kept');
    expect((await read()).firstName).toBe('Kept');

    expect((await update(reader.token, { firstName: 'Changed' })).statusCode).toBe(200);
    expect((await read()).firstName).toBe('Changed');

    // Straight to the table, as another instance, a script or an admin tool would.
    await writeRow(reader.id, { city: 'Lyon' });
    expect((await read()).city).toBe('Lyon');
    await writeRow(reader.id, { is_paid: 1, bio: 'Second write' });
    expect(await read()).toMatchObject({ is_paid: true, bio: 'Second write' });

    const flags = await t.call({
      method: 'PUT',
      url: `/api/user/${reader.id}`,
      token: (await createUser(t.app, { user_type: 'admin' })).token,
      payload: { KYC_verified: true },
    });
    expect(flags.statusCode).toBe(200);
    expect((await read()).KYC_verified).toBe(true);

    // Gone: no kept answer outlives the row.
    await writeRow(reader.id, { deleted_at: new Date().toISOString() });
    const gone = await t.call({
      method: 'GET',
      url: '/api/user/user-profile',
      token: reader.token,
    });
    expect(gone.statusCode).toBeGreaterThanOrEqual(400);
    expect(gone.statusCode).toBeLessThan(500);
  });

  // On SQLite a kept answer is served without reading the version while no write of this process
  // has run since (profile-cache.ts): another connection of this process on the same file counts
  // too, and another process's write is seen once RECHECK_MS has passed. PostgreSQL, shared by
  // instances, reads the version every time: another connection's write shows on the next read.
  it('shows writes by other connections: at once from this process, within RECHECK_MS from another', async () => {
    const reader = await createUser(t.app, { first_name: 'Kept' });
    const read = async () =>
      (await t.call({ method: 'GET', url: '/api/user/user-profile', token: reader.token })).json()
        .data;
    expect((await read()).city).not.toBe('Oslo');
    const database = t.app.config.database;

    // A second Kysely over the same database (a job runner beside the server, another instance).
    const sibling = createDb(database);
    await sibling.updateTable('users').set({ city: 'Oslo' }).where('id', '=', reader.id).execute();
    await sibling.destroy();
    expect((await read()).city).toBe('Oslo');

    if (database.kind === 'sqlite') {
      // Another process's connection: better-sqlite3 on the file, unseen by this process's count.
      const other = new SQLite(database.file);
      other.prepare('update users set city = ? where id = ?').run('Bergen', reader.id);
      other.close();
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 20));
    } else {
      await writeRow(reader.id, { city: 'Bergen' });
    }
    expect((await read()).city).toBe('Bergen');
  });

  it('moves users.version on every update of the row, and only that row', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const version = async (id: string) =>
      (
        await t.app.db
          .selectFrom('users')
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version;
    const [a0, b0] = [await version(a.id), await version(b.id)];
    await writeRow(a.id, { phone: '+15550001' });
    expect(await version(a.id)).toBe(a0 + 1);
    // An update that leaves every value as it was still counts: the trigger does not compare.
    await writeRow(a.id, { phone: '+15550001' });
    expect(await version(a.id)).toBe(a0 + 2);
    expect(await version(b.id)).toBe(b0);
  });
});

describe('PUT /api/user/update-profile', () => {
  it('updates every profile field, skipping empty values and ignoring unknown ones', async () => {
    const res = await update(owner.token, {
      firstName: 'Olivia',
      phone: '+1 555 0100',
      dob: '1990-04-01',
      emergency_phone: '+1 555 0199',
      bio: 'Two dogs, one cat.',
      headline: 'Dog person',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'USA',
      date_of_issue: '2020-01-01',
      date_of_expiry: '2030-01-01',
      document_type: 'passport',
      preferred_location: 'Downtown',
      email_notification: 'false',
      primary_services: JSON.stringify(['dog walking', 'boarding']),
      pet_prefrences: JSON.stringify(['dog', 'cat']),
      service_rates: JSON.stringify({ 'dog walking': 2500 }),
      'coordinates[longitude]': '-97.7431',
      'coordinates[latitude]': '30.2672',
      lastName: '',
      is_paid: 'true',
      userType: 'admin',
      KYC_verified: 'true',
      email: 'hijack@example.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.data).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Owner',
      dob: '1990-04-01',
      city: 'Austin',
      headline: 'Dog person',
      email_notification: false,
      primary_services: ['dog-walking', 'boarding'],
      pet_prefrences: ['dog', 'cat'],
      service_rates: { 'dog-walking': 2500 },
      coordinates: { longitude: -97.7431, latitude: 30.2672 },
      is_paid: false,
      KYC_verified: false,
      userType: 'user',
      email: owner.email,
    });
  });

  it('empties the optional fields named in clear (empty values themselves are left out)', async () => {
    const set = await update(provider.token, {
      bio: 'Walks daily',
      emergency_phone: '+1 555 0101',
    });
    expect(set.statusCode, set.body).toBe(200);
    const cleared = await update(provider.token, {
      clear: JSON.stringify(['bio', 'emergency_phone', 'headline']),
      headline: 'Typed again after emptying',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({
      bio: null,
      emergency_phone: null,
      headline: 'Typed again after emptying',
    });
    const refused = await update(provider.token, { clear: JSON.stringify(['firstName']) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^clear: firstName cannot be cleared/);
    const malformed = await update(provider.token, { clear: '{"bio":true}' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('clear: clear must be a JSON list of field names');
  });

  it('empties the lists named in clear (an empty list is left out of the form like any value)', async () => {
    const set = await update(provider.token, {
      primary_services: JSON.stringify(['Dog walking']),
      pet_prefrences: JSON.stringify(['Dogs']),
    });
    expect(set.statusCode, set.body).toBe(200);
    const cleared = await update(provider.token, {
      clear: JSON.stringify(['pet_prefrences', 'primary_services']),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ primary_services: [], pet_prefrences: [] });
  });

  it('takes only the currency billing charges in, so a price is never shown in one and paid in another', async () => {
    const refused = await update(provider.token, { currency: 'JPY' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('Pawsy prices and charges every booking in USD'),
      errors: [{ path: 'currency' }],
    });
    const kept = await update(provider.token, { currency: 'usd' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.currency).toBe('USD');
  });

  it('stores a photo resized to WebP with a thumbnail, served to any signed-in user', async () => {
    const image = await pngImage(1600, 1000);
    const res = await update(owner.token, {}, [
      { name: 'image', filename: 'me.png', type: 'image/png', data: image },
    ] as never[]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toBe(`/api/user/${owner.id}/image`);
    const full = await t.call({
      method: 'GET',
      url: `/api/user/${owner.id}/image`,
      token: provider.token,
    });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('private, no-cache');
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    const again = await t.call({
      method: 'GET',
      url: `/api/user/${owner.id}/image`,
      token: provider.token,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 500]);
    const thumb = await t.call({
      method: 'GET',
      url: `/api/user/${owner.id}/image?size=thumb`,
      token: provider.token,
    });
    const tmeta = await sharp(thumb.rawPayload).metadata();
    expect([tmeta.width, tmeta.height]).toEqual([200, 200]);
    const anon = await t.call({ method: 'GET', url: `/api/user/${owner.id}/image` });
    expect(anon.statusCode).toBe(401);
    // replacing the photo removes the old files
    const before = fs.readdirSync(path.join(t.dataDir, 'uploads')).length;
    await update(owner.token, {}, [
      { name: 'image', filename: 'me2.png', type: 'image/png', data: await pngImage(300, 300) },
    ] as never[]);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads')).length).toBe(before);
  });

  it('answers 404 for a user without a photo', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/user/${provider.id}/image`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [{ 'coordinates[longitude]': '200', 'coordinates[latitude]': '10' }, /Longitude/],
    [{ 'coordinates[longitude]': '10', 'coordinates[latitude]': '-91' }, /Latitude/],
    [{ 'coordinates[longitude]': 'abc', 'coordinates[latitude]': '10' }, /number/],
    [{ 'coordinates[latitude]': '10' }, /both/],
    [{ coordinates: '[1,2]' }, /an object with longitude and latitude/],
    [{ coordinates: '7' }, /an object with longitude and latitude/],
    [{ coordinates: '{"latitude":10}' }, /both/],
    [{ coordinates: 'not json' }, /JSON-encoded/],
    [{ headline: 'x'.repeat(161) }, /160/],
    [{ bio: 'x'.repeat(2001) }, /2000/],
    [{ primary_services: 'dog walking' }, /JSON/],
    [{ primary_services: JSON.stringify([1, 2]) }, /./],
    [{ service_rates: JSON.stringify({ walk: -1 }) }, /cannot be negative/],
    [{ service_rates: JSON.stringify({ walk: 10.5 }) }, /cents/],
    // Past the ceiling, whole or not: the ceiling is what is wrong.
    [{ service_rates: '{"walk":9007199254740992}' }, /at most \$100,000/],
    [{ service_rates: '{"walk":1e308}' }, /at most \$100,000/],
    [{ service_rates: JSON.stringify({ walk: 10_000_001 }) }, /at most \$100,000/],
    // Above free but below what a card can be charged: no owner without credits could book it.
    [{ service_rates: JSON.stringify({ boarding: 40 }) }, /at least \$0\.50/],
    [
      {
        service_rates: JSON.stringify(
          Object.fromEntries([...Array(11)].map((_, i) => [`s${i}`, 1000])),
        ),
      },
      /10 services/,
    ],
    [{ dob: 'yesterday' }, /date/],
    [{ dob: '2999-01-01' }, /past/],
    [{ email_notification: 'maybe' }, /./],
    [{ phone: 'call me' }, /phone/],
    [{ emergency_phone: '12' }, /valid phone number/],
    [{ phone: '+1 555 0100 9999 8888 7' }, /valid phone number/],
  ])('rejects bad profile input #%# with 400, message and error', async (fields, pattern) => {
    const res = await update(owner.token, fields as Record<string, string>);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(pattern);
    expect(body.error).toBe(body.message);
  });

  it('stores coordinates rounded to 7 decimals (denormal floats included)', async () => {
    const someone = await createUser(t.app);
    const res = await update(someone.token, {
      'coordinates[longitude]': '5e-324',
      'coordinates[latitude]': '12.123456789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.coordinates).toEqual({ longitude: 0, latitude: 12.1234568 });
  });

  it('rejects a 200 kB field value with a 4xx', async () => {
    const res = await update(owner.token, { bio: 'x'.repeat(200_000) });
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('rejects a non-image file as image with 415 and an oversized one with 413', async () => {
    const text = await update(owner.token, {}, [
      {
        name: 'image',
        filename: 'a.png',
        type: 'image/png',
        data: Buffer.from('not an image at all'),
      },
    ] as never[]);
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toEqual(expect.any(String));
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const large = await update(owner.token, {}, [
      { name: 'image', filename: 'big.png', type: 'image/png', data: big },
    ] as never[]);
    expect(large.statusCode).toBe(413);
  });

  it('rejects a JSON body with 415', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/update-profile',
      token: owner.token,
      payload: { city: 'Austin' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  });

  it('needs a token (401 with error)', async () => {
    const body = await multipartBody({ city: 'X' });
    const res = await t.call({ method: 'PUT', url: '/api/user/update-profile', ...body });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('No authentication token found');
  });

  it("keeps the spatial index in step with a provider's coordinates", async () => {
    const res = await update(provider.token, {
      'coordinates[longitude]': '-97.75',
      'coordinates[latitude]': '30.27',
    });
    expect(res.statusCode).toBe(200);
    const near = await t.call({ method: 'GET', url: '/api/user/nearby', token: owner.token });
    expect(near.json()).toMatchObject({ mode: 'nearby', total: 1 });
    expect(near.json().nearbyUsers[0]).toMatchObject({ _id: provider.id, distanceKm: 0.7 });
  });
});
