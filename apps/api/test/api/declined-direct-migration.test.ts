import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { migrateBackTo } from '../helpers/migrations.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { assignedBooking, postMessage } from '../helpers/chat-fixtures.ts';
import type { TestUser } from '../helpers/factories.ts';

/**
 * Direct requests declined before 2026-12-06T06-00 kept their sitter as `provider_id`, and with it
 * the sitter's access to the booking and its chat. The migration unlinks them; a booking the sitter
 * accepted and then cancelled keeps its sitter.
 */
const BEFORE = '2026-12-06T05-00-00-auth-mail-gates';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let declined: string;
let taken: string;

const providerOf = async (id: string) =>
  (
    await t.app.db
      .selectFrom('bookings')
      .select('provider_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).provider_id;

beforeAll(async () => {
  t = await createTestApp();
  // The rows are made by today's code on today's schema (it reads columns added since, such as
  // pets.removed_at); the database then goes back to BEFORE and gets what the code before left.
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  declined = (await postBooking(t, owner, { provider_id: sitter.id }))._id;
  await postMessage(t, owner, declined, 'Can you walk Rex?');
  const no = await call(t, 'PUT', `/api/booking/accept/${declined}`, sitter, {
    providerId: sitter.id,
    decision: 'rejected',
  });
  expect(no.statusCode, no.body).toBe(200);
  taken = await assignedBooking(t, owner, sitter);
  const cancel = await call(t, 'PUT', `/api/booking/accept/${taken}`, sitter, {
    status: 'cancelled',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await migrateBackTo(t.app.db, BEFORE);
  // What the code before left behind: the declined booking still naming its sitter.
  await t.app.db
    .updateTable('bookings')
    .set({ provider_id: sitter.id })
    .where('id', '=', declined)
    .execute();
  await migrateToLatest(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

it('unlinks the sitter of a declined direct request, who loses its chat', async () => {
  expect(await providerOf(declined)).toBeNull();
  const thread = await call(t, 'GET', `/api/messages/thread?bookingId=${declined}`, sitter);
  expect(thread.statusCode, thread.body).toBe(404);
  expect((await call(t, 'GET', `/api/booking/${declined}`, owner)).statusCode).toBe(200);
});

it('keeps the sitter of a booking they accepted and then cancelled', async () => {
  expect(await providerOf(taken)).toBe(sitter.id);
  expect((await call(t, 'GET', `/api/booking/${taken}`, sitter)).statusCode).toBe(200);
});
