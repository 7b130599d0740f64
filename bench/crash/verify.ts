/**
 * What must hold after every crash: each acknowledged write is in the database, the database is
 * intact, and every file it references exists whole under its final name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../../apps/api/src/db/index.ts';
import { isTempName } from '../../apps/api/src/lib/atomic-file.ts';
import { thumbnailName } from '../../apps/api/src/lib/images.ts';

/** A write the server answered 2xx, with what identifies it in the database. */
export type Acked =
  | { kind: 'booking'; id: string }
  | { kind: 'spend'; id: string; amount: number }
  | { kind: 'grant'; id: string }
  | { kind: 'message'; id: string }
  | { kind: 'check-in'; bookingId: string; note: string }
  | { kind: 'pet'; id: string }
  | { kind: 'profile-photo'; userId: string };

export type Verdict = {
  problems: string[];
  files: number;
  tempFiles: number;
  orphanFiles: number;
};

const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
const IMAGE = /\.(webp|jpe?g|png)$/;

function chunks<T>(list: T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function presentIds(
  db: Db,
  table: 'bookings' | 'credit_entries' | 'messages',
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom(table).select('id').where('id', 'in', part).execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Files seen whole in an earlier check (stored names never change content). */
const decoded = new Set<string>();

export async function verify(db: Db, uploads: string, acked: readonly Acked[]): Promise<Verdict> {
  const problems: string[] = [];
  const of = <K extends Acked['kind']>(kind: K) =>
    acked.filter((a): a is Extract<Acked, { kind: K }> => a.kind === kind);

  const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
  const verdict = integrity.rows.map((r) => Object.values(r)[0]).join('; ');
  if (verdict !== 'ok') problems.push(`integrity_check: ${verdict}`);
  const fk = await sql`PRAGMA foreign_key_check`.execute(db);
  if (fk.rows.length > 0) problems.push(`foreign_key_check: ${fk.rows.length} violation(s)`);

  const missing = (what: string, ids: string[], found: Set<string>) => {
    const lost = ids.filter((id) => !found.has(id));
    if (lost.length > 0) problems.push(`${lost.length} acknowledged ${what} missing: ${lost[0]}…`);
  };
  const bookingIds = of('booking').map((a) => a.id);
  missing('bookings', bookingIds, await presentIds(db, 'bookings', bookingIds));
  const grantIds = of('grant').map((a) => a.id);
  missing('credit grants', grantIds, await presentIds(db, 'credit_entries', grantIds));
  const messageIds = of('message').map((a) => a.id);
  missing('messages', messageIds, await presentIds(db, 'messages', messageIds));

  const spends = of('spend');
  const spent = new Map<string, { applied: number; entry: number }>();
  for (const part of chunks(spends.map((s) => s.id))) {
    const rows = await db
      .selectFrom('bookings as b')
      .innerJoin('credit_entries as e', 'e.booking_id', 'b.id')
      .select(['b.id', 'b.credits_applied', 'e.amount'])
      .where('b.id', 'in', part)
      .execute();
    for (const r of rows) spent.set(r.id, { applied: r.credits_applied, entry: r.amount });
  }
  const badSpends = spends.filter((s) => {
    const row = spent.get(s.id);
    return !row || row.applied !== s.amount || row.entry !== -s.amount;
  });
  if (badSpends.length > 0)
    problems.push(`${badSpends.length} acknowledged credit spends missing or wrong`);

  const checkIns = of('check-in');
  const withPhoto = new Set<string>();
  for (const part of chunks(checkIns.map((c) => c.note))) {
    const rows = await db
      .selectFrom('booking_events')
      .select(['note', 'image_path'])
      .where('note', 'in', part)
      .where('image_path', 'is not', null)
      .execute();
    for (const r of rows) withPhoto.add(r.note!);
  }
  missing(
    'check-ins with photo',
    checkIns.map((c) => c.note),
    withPhoto,
  );

  const pets = of('pet').map((p) => p.id);
  const petsWithPhoto = new Set<string>();
  for (const part of chunks(pets)) {
    const rows = await db
      .selectFrom('pets')
      .select('id')
      .where('id', 'in', part)
      .where('image_path', 'is not', null)
      .execute();
    for (const r of rows) petsWithPhoto.add(r.id);
  }
  missing('pets with photo', pets, petsWithPhoto);
  const photoUsers = [...new Set(of('profile-photo').map((p) => p.userId))];
  const usersWithPhoto = new Set<string>();
  for (const part of chunks(photoUsers)) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', part)
      .where('image_path', 'is not', null)
      .execute();
    for (const r of rows) usersWithPhoto.add(r.id);
  }
  missing('profile photos', photoUsers, usersWithPhoto);

  const negative = await db
    .selectFrom('credit_entries')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('balance')])
    .groupBy('user_id')
    .having((eb) => eb.fn.sum('amount'), '<', 0)
    .execute();
  if (negative.length > 0) problems.push(`${negative.length} negative credit balance(s)`);

  // Every file the database references: name, and the size when the row records one.
  const referenced = new Map<string, number | null>();
  const photoRows = [
    ...(await db
      .selectFrom('users')
      .select('image_path')
      .where('image_path', 'is not', null)
      .execute()),
    ...(await db
      .selectFrom('pets')
      .select('image_path')
      .where('image_path', 'is not', null)
      .execute()),
  ];
  for (const r of photoRows) {
    referenced.set(r.image_path!, null);
    referenced.set(thumbnailName(r.image_path!), null);
  }
  const events = await db
    .selectFrom('booking_events')
    .select('image_path')
    .where('image_path', 'is not', null)
    .execute();
  for (const r of events) referenced.set(r.image_path!, null);
  for (const table of ['dispute_evidence', 'kyc_documents'] as const) {
    const rows = await db.selectFrom(table).select(['stored_name', 'size']).execute();
    for (const r of rows) referenced.set(r.stored_name, r.size);
  }
  for (const [name, size] of referenced) {
    if (isTempName(name) || !STORED_NAME.test(name)) {
      problems.push(`the database references a non-final file name: ${name}`);
      continue;
    }
    const file = path.join(uploads, name);
    if (!fs.existsSync(file)) {
      problems.push(`referenced file missing: ${name}`);
      continue;
    }
    if (size !== null && fs.statSync(file).size !== size) {
      problems.push(`referenced file ${name} has ${fs.statSync(file).size} bytes, not ${size}`);
      continue;
    }
    if (IMAGE.test(name) && !decoded.has(name)) {
      try {
        await sharp(fs.readFileSync(file)).raw().toBuffer();
        decoded.add(name);
      } catch (err) {
        problems.push(`referenced image ${name} does not decode: ${String(err)}`);
      }
    }
  }
  const onDisk = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
  return {
    problems,
    files: referenced.size,
    tempFiles: onDisk.filter(isTempName).length,
    orphanFiles: onDisk.filter((n) => !isTempName(n) && !referenced.has(n)).length,
  };
}
