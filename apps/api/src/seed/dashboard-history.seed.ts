import type { FastifyInstance } from 'fastify';
import { normalizeService } from '@pawsy/contract';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newUserRow } from '../lib/user-row.ts';
import { insertBooking } from '../modules/bookings/index.ts';
import { insertCreditEntry } from '../modules/credits/index.ts';
import { insertPets } from '../modules/pets/index.ts';
import { insertUsers } from '../modules/users/index.ts';
import { randomBytes } from 'node:crypto';
import type { Seeder } from './index.ts';
import { at, DAY, HOUR } from './bookings.seed-data.ts';

/*
 * A month of marketplace history for the admin dashboard: members who signed up over the last
 * twelve weeks and their finished bookings over the last thirty days, with sitters who are not
 * the ones the demo walkthroughs use (so their lists stay as the README describes). These members
 * have no demo login: their password is random.
 */
const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Ethan', 'Ivy', 'Owen', 'Ruby', 'Caleb'];
const LAST = ['Park', 'Diaz', 'Nguyen', 'Brooks', 'Khan', 'Moreau', 'Silva', 'Reed', 'Cole', 'Ito'];
const SITTERS = ['jade', 'omar', 'nora', 'leo'];
const SERVICES = ['Dog walking', 'Pet sitting', 'Boarding'];
const PRICE = { 'Dog walking': 2200, 'Pet sitting': 3600, Boarding: 5200 } as const;

export const dashboardHistorySeeder: Seeder = {
  name: 'dashboard history',
  run: async (app, ctx) => {
    const sitters = SITTERS.map((k) => ctx.users[k]).filter((id): id is string => !!id);
    if (sitters.length === 0) return;
    const hash = await hashPassword(randomBytes(18).toString('base64url'));
    const members = FIRST.map((first, i) =>
      newUserRow({
        email: `${first.toLowerCase()}.${LAST[i]!.toLowerCase()}@members.pawsy.test`,
        password_hash: hash,
        first_name: first,
        last_name: LAST[i]!,
        email_verified: 1,
        created_at: at(-(80 - i * 8) * DAY),
        updated_at: at(-(80 - i * 8) * DAY),
      }),
    );
    await insertUsers(app.db, members);
    const petIds = members.map(() => newId());
    await insertPets(
      app.db,
      members.map((m, i) => ({
        id: petIds[i]!,
        user_id: m.id,
        name: ['Pepper', 'Milo', 'Luna', 'Ollie', 'Nala'][i % 5]!,
        species: i % 3 === 0 ? 'Cat' : 'Dog',
        sex: i % 2 === 0 ? 'female' : 'male',
        created_at: m.created_at,
        updated_at: m.created_at,
      })),
    );
    // About two bookings a day for 30 days: mostly completed, some cancelled.
    for (let d = 29; d >= 1; d--) {
      for (let k = 0; k < 1 + (d % 3); k++)
        await seedPastBooking(app, members, petIds, sitters, d, k);
    }
  },
};

async function seedPastBooking(
  app: FastifyInstance,
  members: { id: string }[],
  petIds: string[],
  sitters: string[],
  daysAgo: number,
  k: number,
) {
  const n = daysAgo * 3 + k;
  const owner = members[n % members.length]!.id;
  const service = SERVICES[n % SERVICES.length] as keyof typeof PRICE;
  const cancelled = n % 7 === 0;
  const created = -daysAgo * DAY + k * HOUR;
  const bookingId = newId();
  await insertBooking(app.db, {
    id: bookingId,
    owner_id: owner,
    provider_id: sitters[n % sitters.length]!,
    service: normalizeService(service),
    pets: JSON.stringify([petIds[n % members.length]]),
    start_at: at(created + 6 * HOUR),
    end_at: at(created + 8 * HOUR),
    notes: '',
    status: cancelled ? 'cancelled' : 'completed',
    units: 1,
    rate_cents: PRICE[service],
    price_cents: PRICE[service],
    currency: 'USD',
    credits_applied: 0,
    credits_refunded: 0,
    cancelled_by: cancelled ? owner : null,
    completed_at: cancelled ? null : at(created + 8 * HOUR),
    created_at: at(created),
    updated_at: at(created + 8 * HOUR),
  });
  // A welcome grant every few days, so "credits granted" has a month too.
  if (k === 0 && daysAgo % 4 === 0) {
    await insertCreditEntry(app.db, {
      id: newId(),
      user_id: owner,
      amount: 1000,
      reason: 'Welcome credit',
      booking_id: null,
      created_at: at(created),
    });
  }
}
