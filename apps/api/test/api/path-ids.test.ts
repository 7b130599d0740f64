/**
 * DESIGN §3: ids are opaque strings; §4: 404 for a record that does not exist. A path id the API
 * never issued (`nonexistent`, a UUID, `abc`) names nothing, so every route answers it exactly as
 * it answers an unknown well-formed id: 404 with the same message, never 400 "id: Invalid id".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, multipart } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => t.close());

const MALFORMED = ['nonexistent', '0190d3f2-7c1e-7a8b-9c4d-1e2f3a4b5c6d', 'abc', 'x'];

type Route = {
  method: string;
  path: (id: string) => string;
  as: () => TestUser;
  payload?: unknown;
  form?: Record<string, string>;
};
const ROUTES: Record<string, Route> = {
  'GET /api/user/{id}': { method: 'GET', path: (id) => `/api/user/${id}`, as: () => owner },
  'GET /api/user/dashboard/{id}': {
    method: 'GET',
    path: (id) => `/api/user/dashboard/${id}`,
    as: () => admin,
  },
  'GET /api/booking/{id}': { method: 'GET', path: (id) => `/api/booking/${id}`, as: () => owner },
  'GET /api/booking/{id}/contact': {
    method: 'GET',
    path: (id) => `/api/booking/${id}/contact`,
    as: () => owner,
  },
  'GET /api/dispute/{id}': { method: 'GET', path: (id) => `/api/dispute/${id}`, as: () => admin },
  'GET /api/kyc/{id}': { method: 'GET', path: (id) => `/api/kyc/${id}`, as: () => admin },
  'GET /api/messages/{id}': {
    method: 'GET',
    path: (id) => `/api/messages/${id}`,
    as: () => owner,
  },
  'GET /api/messages/booking/{bookingId}': {
    method: 'GET',
    path: (id) => `/api/messages/booking/${id}`,
    as: () => owner,
  },
  'GET /api/pets/user/{userId}': {
    method: 'GET',
    path: (id) => `/api/pets/user/${id}`,
    as: () => admin,
  },
  'PUT /api/coupons/{id}': {
    method: 'PUT',
    path: (id) => `/api/coupons/${id}`,
    as: () => admin,
    payload: { description: 'Renamed' },
  },
  'PUT /api/pets/{petId}': {
    method: 'PUT',
    path: (id) => `/api/pets/${id}`,
    as: () => owner,
    form: { breed: 'Collie' },
  },
};

async function send(route: Route, id: string) {
  const url = route.path(encodeURIComponent(id));
  if (!route.form) return call(t, route.method, url, route.as(), route.payload);
  return t.call({ method: route.method, url, token: route.as().token, ...multipart(route.form) });
}

describe('a path id the API never issued', () => {
  it.each(Object.entries(ROUTES))('%s answers it as an unknown id: 404', async (_, route) => {
    const unknown = await send(route, newId());
    expect(unknown.statusCode).toBe(404);
    const { message } = unknown.json();
    expect(message).toEqual(expect.any(String));
    for (const id of MALFORMED) {
      const res = await send(route, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBe(message);
    }
  });
});
