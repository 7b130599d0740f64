import type { Insertable } from 'kysely';
import type { PetsTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { ensureWelcomeNotification } from '../modules/notifications/index.ts';
import { insertPets } from '../modules/pets/index.ts';
import type { Seeder } from './index.ts';

type DemoPet = Omit<Insertable<PetsTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** Pets that match the owners' bios in users.seed-data.ts. */
const PETS: Record<string, DemoPet[]> = {
  olivia: [
    {
      name: 'Biscuit',
      species: 'dog',
      breed: 'Golden Retriever',
      age: 4,
      weight: 31,
      sex: 'male',
      care_notes: 'Very social; loves the dog park. Two walks a day, dinner at 6 pm.',
      medical_notes: 'Allergic to chicken: only the salmon kibble in the pantry.',
    },
    {
      name: 'Mochi',
      species: 'cat',
      breed: 'Tabby',
      age: 13,
      weight: 4.5,
      sex: 'female',
      care_notes: 'Prefers quiet. Hides under the bed for the first hour; let her come to you.',
      medical_notes: 'Thyroid pill with breakfast, hidden in a treat.',
    },
  ],
  marcus: [
    {
      name: 'Juno',
      species: 'dog',
      breed: 'Siberian Husky',
      age: 3,
      weight: 22,
      sex: 'female',
      care_notes: 'Needs a long run every day. Escape artist: check the gate twice.',
      medical_notes: null,
    },
    {
      name: 'Koda',
      species: 'dog',
      breed: 'Siberian Husky',
      age: 5,
      weight: 27,
      sex: 'male',
      care_notes: 'Calmer than Juno; howls at sirens. Brush him every other day.',
      medical_notes: 'Joint supplement with dinner.',
    },
  ],
  priya: [
    {
      name: 'Dash',
      species: 'dog',
      breed: 'Greyhound',
      age: 6,
      weight: 30,
      sex: 'male',
      care_notes: 'Rescue; gentle and a bit shy. Wears a coat when it is below 10 °C.',
      medical_notes: null,
    },
    {
      name: 'Kiwi',
      species: 'bird',
      breed: 'Budgerigar',
      age: 2,
      weight: 0.04,
      sex: 'unknown',
      care_notes: 'Fresh seed and water daily; cover the cage at 9 pm.',
      medical_notes: null,
    },
  ],
};

/** Each demo owner's pets, and a welcome notification for every demo account. */
export const petsSeeder: Seeder = {
  name: 'pets',
  run: async (app, ctx) => {
    const now = nowIso();
    const rows: Insertable<PetsTable>[] = [];
    for (const [key, pets] of Object.entries(PETS)) {
      const userId = ctx.users[key];
      if (!userId) continue;
      for (const pet of pets) {
        rows.push({ ...pet, id: newId(), user_id: userId, created_at: now, updated_at: now });
      }
    }
    await insertPets(app.db, rows);
    // Members are welcomed ("complete your profile so owners and sitters can get to know you");
    // the admin is no member to be got to know.
    const members = Object.entries(ctx.users).filter(([key]) => key !== 'admin');
    for (const userId of new Set(members.map(([, id]) => id))) {
      await ensureWelcomeNotification(app, userId);
    }
  },
};
