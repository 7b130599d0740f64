import type { FastifyInstance } from 'fastify';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { newId } from '../../apps/api/src/lib/ids.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/sitters/index.ts';
import { addDays, dateRangeToInterval } from '../../apps/api/src/modules/availability/index.ts';
import type {
  BookingsTable,
  SitterBlocksTable,
  SitterCalendarsTable,
  SitterScheduleWindowsTable,
} from '../../apps/api/src/db/schema.ts';

/** Continental US, roughly. */
export const US = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Stone', 'Rivera', 'Kim', 'Nash', 'Ortiz', 'Patel', 'Quinn', 'Reyes', 'Shaw'];
const SERVICES = ['dog-walking', 'boarding', 'house-sitting', 'drop-in-visits', 'grooming'];

const PETS = [[], [], ['Dogs'], ['Dogs'], ['Dogs', 'Cats']];

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Inserts `count` providers with random coordinates straight into the database (batched, one
 * transaction), then fills the spatial index the same way the seeders do. Returns their ids.
 */
export async function generateProviders(app: FastifyInstance, count: number): Promise<string[]> {
  const ids: string[] = [];
  const batch = 500;
  await app.db.transaction().execute(async (trx) => {
    for (let done = 0; done < count; done += batch) {
      const rows = [];
      for (let i = done; i < Math.min(count, done + batch); i++) {
        const created = new Date(Date.now() - i * 60_000).toISOString();
        const services = SERVICES.filter(() => Math.random() < 0.5);
        rows.push(
          newUserRow({
            email: `sitter${i}@bench.test`,
            password_hash: 'not-a-login',
            first_name: FIRST[i % FIRST.length]!,
            last_name: LAST[i % LAST.length]!,
            phone: '+1 555 0000',
            user_type: 'provider' as const,
            primary_services: JSON.stringify(services),
            service_rates: JSON.stringify(Object.fromEntries(services.map((s) => [s, 2000]))),
            pet_prefrences: JSON.stringify(PETS[i % PETS.length]),
            headline: 'Experienced, insured and fond of every pet',
            bio: 'Happy to send photos after every visit.',
            city: 'Somewhere',
            state: 'US',
            country: 'United States',
            email_verified: 1,
            is_verified: i % 3 === 0 ? 1 : 0,
            kyc_verified: i % 3 === 0 ? 1 : 0,
            latitude: round5(between(US.minLat, US.maxLat)),
            longitude: round5(between(US.minLng, US.maxLng)),
            created_at: created,
            updated_at: created,
          }),
        );
      }
      await trx.insertInto('users').values(rows).execute();
      ids.push(...rows.map((r) => r.id));
    }
    await rebuildProviderLocationIndex(trx);
  });
  return ids;
}

/** US zones the scheduled sitters live in. */
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
/** Weekly schedules: weekdays in office hours, every day long hours, evenings. */
const SCHEDULES = [
  { days: [1, 2, 3, 4, 5], start: 8 * 60, end: 18 * 60 },
  { days: [1, 2, 3, 4, 5], start: 8 * 60, end: 18 * 60 },
  { days: [0, 1, 2, 3, 4, 5, 6], start: 7 * 60, end: 21 * 60 },
  { days: [1, 2, 3, 4, 5], start: 17 * 60, end: 22 * 60 },
];
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const DAY_MS = 86_400_000;

export type CalendarCounts = {
  scheduled: number;
  withCapacity: number;
  blocks: number;
  occupying: number;
  history: number;
};

/**
 * Realistic calendars for the generated providers (rows as the availability module keeps them):
 * 10% with a weekly schedule in one of four US zones, 5% with a capacity of 2–3 for boarding,
 * 5% with a holiday block (1–10 days, starting within the coming six weeks), and accepted or
 * in-progress bookings from 10 days ago to 50 days ahead for about one sitter in five (walks of
 * an hour; boarding and house sitting for 2–7 nights), besides a year of completed ones.
 */
export async function generateCalendars(
  app: FastifyInstance,
  providerIds: string[],
  now = new Date(),
): Promise<CalendarCounts> {
  const today = now.toISOString().slice(0, 10);
  const owner = newUserRow({
    email: 'bookings-owner@bench.test',
    password_hash: 'not-a-login',
    first_name: 'Olga',
    last_name: 'Owner',
  });
  const zoneOf = new Map<string, string>();
  const calendars: SitterCalendarsTable[] = [];
  const windows: SitterScheduleWindowsTable[] = [];
  const blocks: SitterBlocksTable[] = [];
  const bookings: BookingsTable[] = [];
  let withCapacity = 0;
  providerIds.forEach((id, i) => {
    const scheduled = i % 10 === 0;
    const capacity = i % 20 === 3 ? 2 + (i % 2) : 0;
    if (scheduled || capacity) {
      const zone = scheduled ? ZONES[Math.floor(i / 10) % ZONES.length]! : 'UTC';
      const plan = SCHEDULES[Math.floor(i / 40) % SCHEDULES.length]!;
      const schedule = scheduled
        ? plan.days.map((day) => ({ day, start: hhmm(plan.start), end: hhmm(plan.end) }))
        : [];
      if (capacity) withCapacity += 1;
      zoneOf.set(id, zone);
      calendars.push({
        user_id: id,
        time_zone: zone,
        schedule: JSON.stringify(schedule),
        capacities: JSON.stringify(capacity ? { boarding: capacity } : {}),
        has_schedule: scheduled ? 1 : 0,
        updated_at: now.toISOString(),
      });
      for (const w of schedule)
        windows.push({
          user_id: id,
          weekday: w.day,
          start_minute: plan.start,
          end_minute: plan.end,
        });
    }
  });
  const addBlock = (id: string, from: number, to: number) => {
    const startDate = addDays(today, Math.floor(between(from, to)));
    const endDate = addDays(startDate, Math.floor(between(0, 10)));
    const range = dateRangeToInterval(startDate, endDate, zoneOf.get(id) ?? 'UTC');
    blocks.push({
      id: newId(),
      user_id: id,
      start_date: startDate,
      end_date: endDate,
      start_at: range.start.toISOString(),
      end_at: range.end.toISOString(),
      note: 'Holiday',
      created_at: now.toISOString(),
    });
  };
  providerIds.forEach((id, i) => {
    if (i % 20 === 7) addBlock(id, -5, 45);
  });
  const booking = (providerId: string, service: string, start: number, end: number) => {
    const past = end <= now.getTime();
    const status: BookingsTable['status'] = past
      ? 'completed'
      : start <= now.getTime()
        ? 'in-progress'
        : 'accepted';
    const at = new Date(start).toISOString();
    bookings.push({
      id: newId(),
      owner_id: owner.id,
      provider_id: providerId,
      service,
      pets: '[]',
      start_at: at,
      end_at: new Date(end).toISOString(),
      notes: '',
      status,
      units: 1,
      rate_cents: 2000,
      price_cents: 2000,
      currency: 'USD',
      credits_applied: 0,
      credits_refunded: 0,
      cancelled_by: null,
      completed_at: past ? new Date(end).toISOString() : null,
      created_at: at,
      updated_at: at,
    });
  };
  const hour = (t: number) => Math.floor(t / 3_600_000) * 3_600_000;
  for (let n = 0; n < 20_000; n++) {
    const provider = pick(providerIds);
    const start = hour(now.getTime() + between(-10, 50) * DAY_MS);
    const kind = Math.random();
    if (kind < 0.4) booking(provider, 'dog-walking', start, start + 3_600_000);
    else
      booking(
        provider,
        kind < 0.85 ? 'boarding' : 'house-sitting',
        start,
        start + Math.floor(between(2, 8)) * DAY_MS,
      );
  }
  for (let n = 0; n < 30_000; n++) {
    const start = hour(now.getTime() - between(12, 365) * DAY_MS);
    booking(pick(providerIds), pick(SERVICES), start, start + 2 * 3_600_000);
  }
  await app.db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(owner).execute();
    for (let i = 0; i < calendars.length; i += 500)
      await trx
        .insertInto('sitter_calendars')
        .values(calendars.slice(i, i + 500))
        .execute();
    for (let i = 0; i < windows.length; i += 500)
      await trx
        .insertInto('sitter_schedule_windows')
        .values(windows.slice(i, i + 500))
        .execute();
    for (let i = 0; i < blocks.length; i += 500)
      await trx
        .insertInto('sitter_blocks')
        .values(blocks.slice(i, i + 500))
        .execute();
    for (let i = 0; i < bookings.length; i += 500)
      await trx
        .insertInto('bookings')
        .values(bookings.slice(i, i + 500))
        .execute();
  });
  const occupying = bookings.filter((b) => b.status !== 'completed').length;
  return {
    scheduled: calendars.filter((c) => c.has_schedule).length,
    withCapacity,
    blocks: blocks.length,
    occupying,
    history: bookings.length - occupying,
  };
}

/** An owner with coordinates (Kansas City) and a session token for the load test. */
export async function createCaller(app: FastifyInstance): Promise<string> {
  const caller = newUserRow({
    email: 'caller@bench.test',
    password_hash: 'not-a-login',
    first_name: 'Casey',
    last_name: 'Caller',
    phone: '+1 555 0001',
    email_verified: 1,
    latitude: 39.0997,
    longitude: -94.5786,
  });
  await app.db.insertInto('users').values(caller).execute();
  return (await openSession(app, caller, SESSION_TTL_MS)).token;
}
