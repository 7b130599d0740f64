import type { DbOrTrx } from '../../db/index.ts';
import type { PackagesTable } from '../../db/schema.ts';

export type PackageRow = PackagesTable;

export async function insertPackage(db: DbOrTrx, row: PackageRow): Promise<void> {
  await db.insertInto('packages').values(row).execute();
}

export function findPackage(db: DbOrTrx, id: string): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Another package with this name, in any letter case (members tell plans apart by name). The
 * catalogue holds at most PACKAGES_MAX rows, so this reads them without an index.
 */
export async function findPackageNamed(
  db: DbOrTrx,
  name: string,
  exceptId: string | null,
): Promise<PackageRow | undefined> {
  const rows = await db.selectFrom('packages').selectAll().limit(PACKAGES_MAX).execute();
  const wanted = name.trim().toLowerCase();
  return rows.find((r) => r.id !== exceptId && r.name.trim().toLowerCase() === wanted);
}

export async function countPackages(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The catalogue's size: createPackage refuses more, so the lists (which read at most this many)
 * always hold every package.
 */
export const PACKAGES_MAX = 100;

/** Cheapest first, on the (active, price_cents, id) index; admins also see inactive ones. */
export function listPackages(db: DbOrTrx, includeInactive: boolean): Promise<PackageRow[]> {
  let query = db.selectFrom('packages').selectAll();
  if (!includeInactive) query = query.where('active', '=', 1);
  return query.orderBy('price_cents', 'asc').orderBy('id', 'asc').limit(PACKAGES_MAX).execute();
}

/** Writes the changes unless another save moved the row on since `readAt` (its updated_at as read). */
export async function updatePackage(
  db: DbOrTrx,
  id: string,
  changes: Partial<Omit<PackageRow, 'id' | 'created_at'>>,
  readAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('packages')
    .set(changes)
    .where('id', '=', id)
    .where('updated_at', '=', readAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
