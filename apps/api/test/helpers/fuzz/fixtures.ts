/**
 * What the fuzzed app runs with: its environment (a stub web build), the people and records the
 * fuzzer aims at, and fresh sessions for them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '../app.ts';
import { assignedBooking, openDispute, postMessage } from '../chat-fixtures.ts';
import { createOwner, createProvider, type Owner } from '../booking-fixtures.ts';
import { createUser, openSession, type TestUser } from '../factories.ts';
import type { Role } from './operations.ts';

/**
 * The environment for a fuzzed app: a stub web build, so that a path which leaves /api (e.g.
 * `/api/x/../../etc`) gets the SPA's page as in production rather than the dev-only
 * "web app is not built" 503.
 */
export function fuzzEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-fuzz-web-'));
  // Gone with the process that made it (the test file's worker, or the bench script).
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Pawsy</title><!--pawsy-config-->',
  );
  return { WEB_DIST: dir };
}

/** The people and records the fuzzer aims at: real ids of every role's own things. */
export type Fixtures = {
  actors: Record<Exclude<Role, 'anonymous'>, TestUser>;
  /** Real record ids of all kinds (users, pets, bookings, messages, …). */
  ids: string[];
};

export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const owner: Owner = await createOwner(t.app);
  const anotherOwner: Owner = await createOwner(t.app);
  const provider = await createProvider(t.app);
  const anotherProvider = await createProvider(t.app);
  const admin = await createUser(t.app, { user_type: 'admin' });
  const ids = [
    owner.id,
    anotherOwner.id,
    provider.id,
    anotherProvider.id,
    admin.id,
    ...owner.petIds,
    ...anotherOwner.petIds,
  ];
  const bookingId = await assignedBooking(t, owner, provider);
  const message = await postMessage(t, owner, bookingId, 'hello');
  await openDispute(t.app, bookingId, owner.id);
  const other = await assignedBooking(t, anotherOwner, anotherProvider);
  const rows = await t.app.db.selectFrom('disputes').select('id').execute();
  ids.push(bookingId, other, message._id, ...rows.map((r) => r.id));
  return {
    actors: {
      owner,
      provider,
      'another owner': anotherOwner,
      'another provider': anotherProvider,
      admin,
    },
    ids,
  };
}

/** Fresh sessions for every actor (a fuzzed logout or password change may have ended one). */
export async function refreshSessions(t: TestApp, fixtures: Fixtures): Promise<void> {
  for (const user of Object.values(fixtures.actors)) {
    user.token = await openSession(t.app, {
      id: user.id,
      email: user.email,
      user_type: user.userType,
    });
  }
}
