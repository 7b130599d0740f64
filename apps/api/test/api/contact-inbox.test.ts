import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessagesTable } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeApp, createActors } from '../helpers/booking-fixtures.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';

type F = { messageId: string };

let t: TestApp;
let actors: Actors;
/** Oldest first, as inserted; the inbox answers them in the reverse order. */
let stored: ContactMessagesTable[];

const message = (minutesAgo: number, n: number): ContactMessagesTable => ({
  id: newId(),
  name: `Visitor ${n}`,
  email: `visitor${n}@example.test`,
  subject: n % 2 ? `Question ${n}` : null,
  message: `Hello,\nthis is message ${n}.`,
  created_at: new Date(Date.UTC(2026, 11, 1, 12) - minutesAgo * 60_000).toISOString(),
});

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.app);
  // Two share a time: the id decides their order.
  stored = [message(30, 1), message(20, 2), message(10, 3), message(10, 4), message(0, 5)];
  await t.app.db.insertInto('contact_messages').values(stored).execute();
}, 60_000);
afterAll(() => closeApp(t));

const asAdmin = (url: string) => t.call({ method: 'GET', url, token: actors.admin.token });

const newestFirst = () =>
  [...stored]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .map((m) => m.id);

describe('GET /api/contact (admins)', () => {
  it('lists every message newest first, with its text and sender', async () => {
    const res = await asAdmin('/api/contact');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((m: { id: string }) => m.id)).toEqual(newestFirst());
    expect(body).toMatchObject({ success: true, page: 1, limit: 20, total: 5, totalPages: 1 });
    expect(body.hasMore).toBe(false);
    const first = stored[0]!;
    expect(body.data.at(-1)).toEqual({
      _id: first.id,
      id: first.id,
      name: first.name,
      email: first.email,
      subject: first.subject,
      message: first.message,
      createdAt: first.created_at,
    });
  });

  it('pages with page and limit', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await asAdmin(`/api/contact?page=${page}&limit=2`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
    }
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages[0]).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(pages.flatMap((p) => p.data.map((m: { id: string }) => m.id))).toEqual(newestFirst());
  });

  it('refuses a page that is not a whole number from 1', async () => {
    const res = await asAdmin('/api/contact?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page/);
  });

  it('a message sent through the form comes first', async () => {
    const sent = await t.call({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '198.51.100.77',
      payload: { name: 'Newest Visitor', email: 'new@example.test', message: 'A brand new one.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await asAdmin('/api/contact?limit=1');
    expect(res.json().data[0]).toMatchObject({
      id: sent.json().data.id,
      name: 'Newest Visitor',
      subject: null,
      message: 'A brand new one.',
    });
    expect(res.json().total).toBe(6);
  });
});

describe('GET /api/contact/{id} (admins)', () => {
  it('answers one message', async () => {
    const m = stored[1]!;
    const res = await asAdmin(`/api/contact/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        _id: m.id,
        id: m.id,
        name: m.name,
        email: m.email,
        subject: null,
        message: m.message,
        createdAt: m.created_at,
      },
    });
  });

  it('answers 404 for an unknown id', async () => {
    for (const id of [newId(), 'nonexistent']) {
      const res = await asAdmin(`/api/contact/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Contact message not found');
    }
  });
});

const everyone = ['anonymous', 'owner', 'another owner', 'provider', 'another provider'] as const;

/** Each inbox route: every non-admin is refused (401 without a session, else 403). */
function adminOnly(path: MatrixRow<F>['path']): MatrixRow<F>[] {
  return [
    ...everyone.map((as) => ({
      method: 'GET',
      path,
      as,
      expect: as === 'anonymous' ? 401 : 403,
    })),
    { method: 'GET', path, as: 'admin' as const, expect: 200 },
  ];
}

runPermissionMatrix<F>(
  'contact inbox routes (admins only)',
  () => ({ t, actors, fixtures: { messageId: stored[0]!.id } }),
  [...adminOnly('/api/contact'), ...adminOnly((f) => `/api/contact/${f.messageId}`)],
);
