import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { PetsTable } from '../../db/schema.ts';

/** A user's pets are few; 200 bounds the list anyway. */
export const MAX_PETS_LISTED = 200;

export function listPetsByOwner(db: DbOrTrx, userId: string): Promise<PetsTable[]> {
  return db
    .selectFrom('pets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PETS_LISTED)
    .execute();
}

export function findPet(db: DbOrTrx, id: string): Promise<PetsTable | undefined> {
  return db.selectFrom('pets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPet(db: DbOrTrx, row: Insertable<PetsTable>): Promise<void> {
  await db.insertInto('pets').values(row).execute();
}

export async function updatePet(
  db: DbOrTrx,
  id: string,
  changes: Updateable<PetsTable>,
): Promise<void> {
  await db.updateTable('pets').set(changes).where('id', '=', id).execute();
}

export async function countPetsOf(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('pets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The provider is assigned to, or has a request on, a booking of this owner. */
export async function providerServesOwner(
  db: DbOrTrx,
  providerId: string,
  ownerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('bookings as b')
    .select('b.id')
    .where('b.owner_id', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('b.provider_id', '=', providerId),
        eb.exists(
          eb
            .selectFrom('booking_requests as br')
            .select('br.id')
            .whereRef('br.booking_id', '=', 'b.id')
            .where('br.provider_id', '=', providerId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
