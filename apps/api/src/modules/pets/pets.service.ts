import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  parseClearList,
  PET_CLEARABLE_FIELDS,
  petCreateFields,
  petUpdateFields,
  type PetCreateFields,
  type PetListQuery,
  type PetWire,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { isAdmin, type AuthUser } from '../../plugins/auth.ts';
import { removeProfilePhoto, sendPhoto } from '../../lib/images.ts';
import { parseFields, readPetForm, withPhoto } from './pets-form.ts';
import { toPetWire } from './pets.mapper.ts';
import {
  countPetsOf,
  findOwnedPets,
  findPet,
  findPetSpecies,
  insertPetUnderCap,
  isPetOnOpenBooking,
  listPetsByOwner,
  MAX_PETS_LISTED,
  liveUserExists,
  markPetRemoved,
  petListsOnSitterBookings,
  updatePet as updatePetRow,
} from './pets.repository.ts';

/**
 * Pets one owner may have. No household reaches it, and it stays within MAX_PETS_LISTED, so the
 * owner's list (capped, not paged) always shows every pet: with no cap an owner's 201st pet was
 * saved but never listed.
 */
export const MAX_PETS_PER_OWNER = Math.min(50, MAX_PETS_LISTED);
export const PET_LIMIT_MESSAGE = `You can have at most ${MAX_PETS_PER_OWNER} pets on your profile`;

export const countPets = (db: DbOrTrx, userId: string): Promise<number> => countPetsOf(db, userId);

/**
 * The pets among `petIds` that belong to `ownerId`, with name and species (a booking may only
 * name the owner's own pets, and only those its sitter takes).
 */
export const ownedPets = (db: DbOrTrx, ownerId: string, petIds: readonly string[]) =>
  findOwnedPets(db, ownerId, petIds);

/**
 * The kinds of the pets on each of these bookings (`pets` JSON lists), by booking id, one per pet
 * in the list's order: what a sitter sees of an open booking's pets before it is theirs.
 */
export async function petKindsOfBookings(
  db: DbOrTrx,
  bookings: readonly { id: string; pets: string }[],
): Promise<Map<string, string[]>> {
  const lists = bookings.map((b) => [b.id, parseIds(b.pets)] as const);
  const species = new Map(
    (
      await findPetSpecies(
        db,
        lists.flatMap(([, ids]) => ids),
      )
    ).map((p) => [p.id, p.species]),
  );
  return new Map(lists.map(([id, ids]) => [id, ids.flatMap((pet) => species.get(pet) ?? [])]));
}

function parseIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Which of the owner's pets the caller may see: all for the owner and admins; for a sitter only
 * the pets on bookings assigned to them that are accepted, in progress or completed (not once
 * cancelled, nor while only applied for); none else.
 */
async function visiblePetsOf(
  db: DbOrTrx,
  caller: AuthUser,
  ownerId: string,
): Promise<'all' | Set<string>> {
  if (caller.id === ownerId || isAdmin(caller)) return 'all';
  if (caller.userType !== 'provider') return new Set();
  const lists = await petListsOnSitterBookings(db, caller.id, ownerId);
  return new Set(lists.flatMap(parseIds));
}

const shows = (visible: 'all' | Set<string>, petId: string) =>
  visible === 'all' || visible.has(petId);

/**
 * The owner's pets the caller may see; `include: 'removed'` adds the pets the owner removed (with
 * `removedAt`), so a past booking's page still shows them.
 */
export async function listPets(
  app: FastifyInstance,
  caller: AuthUser,
  ownerId: string,
  query: PetListQuery = {},
): Promise<PetWire[]> {
  // Pets the caller may not see answer as a user that does not exist (DESIGN §4: 404).
  if (!(await liveUserExists(app.db, ownerId))) throw notFound('User');
  const visible = await visiblePetsOf(app.db, caller, ownerId);
  if (visible !== 'all' && visible.size === 0) throw notFound('User');
  const pets = await listPetsByOwner(app.db, ownerId, {
    withRemoved: query.include === 'removed',
  });
  return pets.filter((p) => shows(visible, p.id)).map(toPetWire);
}

const NOT_YOURS = 'You can only add pets to your own profile';

export async function createPet(
  app: FastifyInstance,
  request: FastifyRequest,
  caller: AuthUser,
): Promise<PetWire> {
  const { fields, files } = await readPetForm(app, request, {
    // Both refusals come before a photo is received (the web client sends userId first).
    before: async () => {
      if ((await countPetsOf(app.db, caller.id)) >= MAX_PETS_PER_OWNER)
        throw conflict(PET_LIMIT_MESSAGE);
    },
    onField: (name, value) => {
      if (name === 'userId' && value.trim() && value.trim() !== caller.id)
        throw forbidden(NOT_YOURS);
    },
  });
  const discard = () => files.forEach((f) => removeProfilePhoto(app.storage, f.storedName));
  let input: PetCreateFields;
  try {
    const userId = fields.userId?.trim();
    if (!userId) throw badRequest('User ID is required', 'userId');
    if (userId !== caller.id) throw forbidden(NOT_YOURS);
    input = parseFields(petCreateFields, fields);
  } catch (err) {
    discard();
    throw err;
  }
  return withPhoto(app, files, async (photo) => {
    const now = nowIso();
    const row = {
      id: newId(),
      user_id: caller.id,
      name: input.name,
      species: input.species ?? 'other',
      breed: input.breed ?? null,
      age: input.age ?? null,
      weight: input.weight ?? null,
      sex: input.sex ?? 'unknown',
      care_notes: input.care_notes ?? null,
      medical_notes: input.medical_notes ?? null,
      image_path: photo,
      created_at: now,
      updated_at: now,
      removed_at: null,
    };
    const added = await app.db
      .transaction()
      .execute((trx) => insertPetUnderCap(trx, row, MAX_PETS_PER_OWNER));
    if (!added) throw conflict(PET_LIMIT_MESSAGE);
    return toPetWire(row);
  });
}

export async function updatePet(
  app: FastifyInstance,
  request: FastifyRequest,
  caller: AuthUser,
  petId: string,
): Promise<PetWire> {
  const pet = await findPet(app.db, petId);
  // A removed pet is gone from its owner's profile: it is not edited.
  if (!pet || pet.user_id !== caller.id || pet.removed_at !== null) throw notFound('Pet');
  const { fields, files } = await readPetForm(app, request);
  let input;
  let cleared: Record<string, null>;
  try {
    input = parseFields(petUpdateFields, fields);
    cleared = clearedPetFields(fields, input);
  } catch (err) {
    files.forEach((f) => removeProfilePhoto(app.storage, f.storedName));
    throw err;
  }
  const updated = await withPhoto(app, files, async (photo) => {
    await updatePetRow(app.db, petId, {
      ...cleared,
      ...input,
      ...(photo ? { image_path: photo } : {}),
      updated_at: nowIso(),
    });
    return (await findPet(app.db, petId))!;
  });
  if (updated.image_path !== pet.image_path) removeProfilePhoto(app.storage, pet.image_path);
  return toPetWire(updated);
}

/**
 * The optional fields the form emptied (named in `clear`, since empty values are left out: SPEC
 * §5) as nulls; a value sent for the same field wins. A bad `clear` is 400 on it.
 */
function clearedPetFields(
  fields: Record<string, string>,
  input: Record<string, unknown>,
): Record<string, null> {
  const cleared = parseClearList(fields.clear, PET_CLEARABLE_FIELDS);
  if ('error' in cleared) throw badRequest(`clear: ${cleared.error}`, 'clear');
  return Object.fromEntries(
    cleared.names.filter((name) => input[name] === undefined).map((name) => [name, null]),
  );
}

const stillBooked = (name: string) =>
  `${name} is on a booking that is not over yet. Cancel or finish it first.`;

/**
 * DELETE /api/pets/{petId}: the owner takes the pet off their profile. Only the owner (anyone
 * else, admins too, and a pet already removed: 404). Refused (409) while the pet is on a booking
 * that is not over, or on a series still waiting for its sitter. Soft: the row and its photo stay
 * for the bookings that name it.
 */
export async function removePet(
  app: FastifyInstance,
  caller: AuthUser,
  petId: string,
): Promise<void> {
  const pet = await findPet(app.db, petId);
  if (!pet || pet.user_id !== caller.id || pet.removed_at !== null) throw notFound('Pet');
  await app.db.transaction().execute(async (trx) => {
    if (await isPetOnOpenBooking(trx, pet.user_id, pet.id)) throw conflict(stillBooked(pet.name));
    // Another removal got there first: the pet is gone, as for any removed pet.
    if (!(await markPetRemoved(trx, pet.id, nowIso()))) throw notFound('Pet');
  });
}

/** Same permission as reading the owner's pets; a pet you may not see is a 404. */
export async function sendPetImage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: AuthUser,
  petId: string,
): Promise<FastifyReply> {
  const pet = await findPet(app.db, petId);
  if (!pet?.image_path || !shows(await visiblePetsOf(app.db, caller, pet.user_id), pet.id))
    throw notFound('Image');
  return sendPhoto(request, reply, app.storage, pet.image_path, 'image/webp');
}
