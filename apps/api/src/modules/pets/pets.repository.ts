import { SqliteAdapter, type Insertable, type Updateable } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { BookingStatus } from '@pawsy/contract';
import type { PetsTable } from '../../db/schema.ts';

/** A user's pets are few; 200 bounds the list anyway. */
export const MAX_PETS_LISTED = 200;
/** The booking states in which the assigned sitter reads the owner's pets (notes included). */
const PET_SHARING_STATUSES: readonly BookingStatus[] = ['accepted', 'in-progress', 'completed'];

const selectPetsOf = compiledRead((db, userId: string) =>
  db
    .selectFrom('pets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PETS_LISTED),
);

export function listPetsByOwner(db: DbOrTrx, userId: string): Promise<PetsTable[]> {
  return selectPetsOf(db, userId);
}

const selectPet = compiledRead((db, id: string) =>
  db.selectFrom('pets').selectAll().where('id', '=', id),
);

export async function findPet(db: DbOrTrx, id: string): Promise<PetsTable | undefined> {
  return (await selectPet(db, id))[0];
}

export async function insertPet(db: DbOrTrx, row: Insertable<PetsTable>): Promise<void> {
  await db.insertInto('pets').values(row).execute();
}

/**
 * Adds the pet unless its owner already has `cap` (false then). On PostgreSQL the owner's row is
 * locked first (FOR NO KEY UPDATE: the pet's foreign key takes KEY SHARE on it), so two additions
 * at once cannot both count `cap - 1`; SQLite's one connection runs one transaction at a time.
 * Call inside a transaction.
 */
export async function insertPetUnderCap(
  trx: DbOrTrx,
  row: Insertable<PetsTable>,
  cap: number,
): Promise<boolean> {
  const owner = trx.selectFrom('users').select('id').where('id', '=', row.user_id);
  const isSqlite = trx.getExecutor().adapter instanceof SqliteAdapter;
  await (isSqlite ? owner : owner.forNoKeyUpdate()).execute();
  if ((await countPetsOf(trx, row.user_id)) >= cap) return false;
  await insertPet(trx, row);
  return true;
}

/** Several pets in one statement (the demo seed). */
export async function insertPets(
  db: DbOrTrx,
  rows: readonly Insertable<PetsTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('pets')
    .values([...rows])
    .execute();
}

export async function updatePet(
  db: DbOrTrx,
  id: string,
  changes: Updateable<PetsTable>,
): Promise<void> {
  await db.updateTable('pets').set(changes).where('id', '=', id).execute();
}

const selectPetCount = compiledRead((db, userId: string) =>
  db
    .selectFrom('pets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId),
);

export async function countPetsOf(db: DbOrTrx, userId: string): Promise<number> {
  return Number((await selectPetCount(db, userId))[0]?.n ?? 0);
}

const selectLiveUserId = compiledRead((db, userId: string) =>
  db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null),
);

export async function liveUserExists(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await selectLiveUserId(db, userId)).length > 0;
}

/** Ids among `petIds` that belong to `ownerId`. */
export async function findOwnedPets(
  db: DbOrTrx,
  ownerId: string,
  petIds: readonly string[],
): Promise<{ id: string; name: string; species: string }[]> {
  if (petIds.length === 0) return [];
  return selectOwnedPets(db, ownerId, [...petIds]);
}
const selectOwnedPets = compiledRead((db, ownerId: string, petIds: string[]) =>
  db
    .selectFrom('pets')
    .select(['id', 'name', 'species'])
    .where('user_id', '=', ownerId)
    .where('id', 'in', petIds),
);

const selectSpecies = compiledRead((db, petIds: string[]) =>
  db.selectFrom('pets').select(['id', 'species']).where('id', 'in', petIds),
);

/** The species of each of these pets, by id. */
export async function findPetSpecies(
  db: DbOrTrx,
  petIds: readonly string[],
): Promise<{ id: string; species: string }[]> {
  if (petIds.length === 0) return [];
  return selectSpecies(db, [...new Set(petIds)]);
}

/**
 * The `pets` JSON of each of the owner's bookings the sitter is assigned to and that is accepted,
 * in progress or completed: a cancelled booking, an application or an invitation not yet accepted
 * (and a rejected or withdrawn one) give nothing. Read here, not through the bookings module,
 * because bookings already depends on pets.
 */
export async function petListsOnSitterBookings(
  db: DbOrTrx,
  sitterId: string,
  ownerId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .select('b.pets')
    .where('b.owner_id', '=', ownerId)
    .where('b.provider_id', '=', sitterId)
    .where('b.status', 'in', PET_SHARING_STATUSES)
    .orderBy('b.created_at', 'desc')
    .limit(MAX_PETS_LISTED)
    .execute();
  return rows.map((r) => r.pets);
}
