import { sql, SqliteAdapter, type Insertable, type Updateable } from 'kysely';
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
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PETS_LISTED),
);

/**
 * Removed pets too (for past bookings). Removals have no cap, so the bound can cut this list: the
 * live pets (at most MAX_PETS_PER_OWNER) come first, in the profile's order, then the removed ones,
 * most recently removed first.
 */
const selectPetsWithRemovedOf = compiledRead((db, userId: string) =>
  db
    .selectFrom('pets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`case when removed_at is null then 0 else 1 end`)
    .orderBy('removed_at', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PETS_LISTED),
);

/** The owner's pets on their profile; with `withRemoved`, those they removed as well. */
export function listPetsByOwner(
  db: DbOrTrx,
  userId: string,
  { withRemoved = false }: { withRemoved?: boolean } = {},
): Promise<PetsTable[]> {
  return (withRemoved ? selectPetsWithRemovedOf : selectPetsOf)(db, userId);
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
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null),
);

/** The pets on the owner's profile (removed ones are not counted). */
export async function countPetsOf(db: DbOrTrx, userId: string): Promise<number> {
  return Number((await selectPetCount(db, userId))[0]?.n ?? 0);
}

const selectLiveUserId = compiledRead((db, userId: string) =>
  db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null),
);

export async function liveUserExists(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await selectLiveUserId(db, userId)).length > 0;
}

/** Ids among `petIds` that belong to `ownerId` and are still on their profile (not removed). */
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
    .where('id', 'in', petIds)
    .where('removed_at', 'is', null),
);

/** Marks the pet removed unless it already is (false then: removed by another call). */
export async function markPetRemoved(db: DbOrTrx, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('pets')
    .set({ removed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const selectSpecies = compiledRead((db, petIds: string[]) =>
  db.selectFrom('pets').select(['id', 'species']).where('id', 'in', petIds),
);

/** The species of each of these pets, by id (removed pets too: a past booking keeps its kinds). */
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

/** Booking states that are not over: a pet on such a booking stays on its owner's profile. */
const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ['pending', 'accepted', 'in-progress'];
/** Ids as the app issues them: nothing in them is special to LIKE (%, _, \) or to JSON. */
const ISSUED_ID = /^[a-f0-9]{24}$/;

/**
 * Whether the pet is on one of its owner's bookings that is not over, or on a weekly series still
 * waiting for its sitter (accepting it would make bookings with the pet). Each series' occurrences
 * are bookings rows, so an accepted series is covered by the bookings. Both are read by owner
 * (their owner_id indexes) and the `pets` JSON list is matched as text: `"<id>"` only matches that
 * element, ids being plain hex. An id not in that form is matched by parsing the lists instead.
 * Read here, not through the bookings module, because bookings already depends on pets.
 */
export async function isPetOnOpenBooking(
  db: DbOrTrx,
  ownerId: string,
  petId: string,
): Promise<boolean> {
  const bookings = db
    .selectFrom('bookings')
    .select('pets')
    .where('owner_id', '=', ownerId)
    .where('status', 'in', OPEN_BOOKING_STATUSES);
  const series = db
    .selectFrom('booking_series')
    .select('pets')
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'pending');
  if (ISSUED_ID.test(petId)) {
    const pattern = `%"${petId}"%`;
    if ((await bookings.where('pets', 'like', pattern).limit(1).execute()).length > 0) return true;
    return (await series.where('pets', 'like', pattern).limit(1).execute()).length > 0;
  }
  const lists = [...(await bookings.execute()), ...(await series.execute())];
  return lists.some((row) => listsId(row.pets, petId));
}

function listsId(json: string, id: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.includes(id);
  } catch {
    return false;
  }
}
