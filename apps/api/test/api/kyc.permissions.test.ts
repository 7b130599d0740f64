import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';

type Fixtures = { kycId: string; docId: string; ownerId: string };
let t: TestApp;
let actors: Actors;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await createUser(t.app),
    'another owner': await createUser(t.app),
    provider: await createUser(t.app, { user_type: 'provider' }),
    'another provider': await createUser(t.app, { user_type: 'provider' }),
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
  const res = await submitKyc(t, actors.owner, { text: 'My passport' }, [doc(PNG_1PX, 'p.png')]);
  expect(res.statusCode, res.body).toBe(201);
  const record = res.json().data;
  fixtures = { kycId: record._id, docId: record.documents[0]._id, ownerId: actors.owner.id };
});
afterAll(() => closeApp(t));

const ctx = () => ({ t, actors, fixtures });
const byUser = (f: Fixtures) => `/api/kyc/user/${f.ownerId}`;
const byId = (f: Fixtures) => `/api/kyc/${f.kycId}`;
const docPath = (f: Fixtures) => `/api/kyc/${f.kycId}/documents/${f.docId}`;
const message = (f: Fixtures) => ({ kycId: f.kycId, text: 'Is the scan readable?' });

runPermissionMatrix<Fixtures>('KYC permissions', ctx, [
  { method: 'GET', path: '/api/kyc', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/kyc', as: 'owner', expect: 403 },
  { method: 'GET', path: '/api/kyc', as: 'provider', expect: 403 },
  { method: 'GET', path: '/api/kyc', as: 'admin', expect: 200 },
  { method: 'GET', path: byUser, as: 'anonymous', expect: 401 },
  { method: 'GET', path: byUser, as: 'owner', expect: 200 },
  { method: 'GET', path: byUser, as: 'another owner', expect: 404, note: 'hidden' },
  { method: 'GET', path: byUser, as: 'provider', expect: 404, note: 'hidden' },
  { method: 'GET', path: byUser, as: 'admin', expect: 200 },
  { method: 'GET', path: byId, as: 'anonymous', expect: 401 },
  { method: 'GET', path: byId, as: 'owner', expect: 200 },
  { method: 'GET', path: byId, as: 'another owner', expect: 404, note: 'hidden' },
  { method: 'GET', path: byId, as: 'provider', expect: 404, note: 'hidden' },
  { method: 'GET', path: byId, as: 'admin', expect: 200 },
  { method: 'GET', path: docPath, as: 'anonymous', expect: 401 },
  { method: 'GET', path: docPath, as: 'owner', expect: 200 },
  { method: 'GET', path: docPath, as: 'another owner', expect: 404 },
  { method: 'GET', path: docPath, as: 'provider', expect: 404 },
  { method: 'GET', path: docPath, as: 'admin', expect: 200 },
  { method: 'POST', path: '/api/kyc/send-message', as: 'anonymous', expect: 401, payload: message },
  { method: 'POST', path: '/api/kyc/send-message', as: 'owner', expect: 201, payload: message },
  {
    method: 'POST',
    path: '/api/kyc/send-message',
    as: 'another owner',
    expect: 404,
    payload: message,
  },
  { method: 'POST', path: '/api/kyc/send-message', as: 'provider', expect: 404, payload: message },
  { method: 'POST', path: '/api/kyc/send-message', as: 'admin', expect: 201, payload: message },
  {
    method: 'PUT',
    path: (f) => `/api/kyc/verify/${f.ownerId}`,
    as: 'anonymous',
    expect: 401,
    payload: { action: 'REJECTED' },
  },
  {
    method: 'PUT',
    path: (f) => `/api/kyc/verify/${f.ownerId}`,
    as: 'owner',
    expect: 403,
    payload: { action: 'VERIFIED' },
  },
  {
    method: 'PUT',
    path: (f) => `/api/kyc/verify/${f.ownerId}`,
    as: 'another owner',
    expect: 403,
    payload: { action: 'VERIFIED' },
  },
  {
    method: 'PUT',
    path: (f) => `/api/kyc/verify/${f.ownerId}`,
    as: 'provider',
    expect: 403,
    payload: { action: 'VERIFIED' },
  },
  {
    method: 'PUT',
    path: (f) => `/api/kyc/verify/${f.ownerId}`,
    as: 'admin',
    expect: 200,
    payload: { action: 'REJECTED' },
  },
]);

describe('POST /api/kyc permissions', () => {
  it('needs a session', async () => {
    const res = await submitKyc(t, undefined, { text: 'x' }, [doc(PNG_1PX, 'a.png')]);
    expect(res.statusCode).toBe(401);
  });

  it('lets a user, a provider and an admin submit their own documents', async () => {
    for (const who of [actors['another owner'], actors.provider, actors.admin]) {
      const res = await submitKyc(t, who, { text: 'Mine', userId: who.id }, [
        doc(PNG_1PX, 'a.png'),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'PENDING', userId: { _id: who.id } });
    }
  });

  it('refuses a submission for another user (403) and onto their record (404)', async () => {
    const other = actors['another provider'];
    const forOther = await submitKyc(t, other, { userId: actors.owner.id }, [
      doc(PNG_1PX, 'a.png'),
    ]);
    expect(forOther.statusCode).toBe(403);
    const ontoOther = await submitKyc(t, other, { kycId: fixtures.kycId }, [doc(PNG_1PX, 'a.png')]);
    expect(ontoOther.statusCode).toBe(404);
    expect(ontoOther.json().message).toBe('KYC record not found');
  });

  it('records the caller as the sender, whatever the body says', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/kyc/send-message',
      token: actors.owner.token,
      payload: { kycId: fixtures.kycId, text: 'From me', sender: actors.admin.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ sender: actors.owner.id, senderRole: 'user' });
    const read = await t.call({ method: 'GET', url: byId(fixtures), token: actors.admin.token });
    const stored = read
      .json()
      .data.conversation.find((m: { text: string }) => m.text === 'From me');
    expect(stored.sender).toBe(actors.owner.id);
  });
});
