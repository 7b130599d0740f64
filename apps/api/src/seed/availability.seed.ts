import type { CalendarUpdateBody } from '@pawsy/contract';
import { AppError } from '../lib/app-error.ts';
import { addBlock, addDays, localParts, updateCalendar } from '../modules/availability/index.ts';
import type { Seeder } from './index.ts';
import { PEOPLE } from './users.seed-data.ts';

/** The demo cities' IANA zones. */
const ZONES: Record<string, string> = {
  Austin: 'America/Chicago',
  Denver: 'America/Denver',
  Portland: 'America/Los_Angeles',
  Seattle: 'America/Los_Angeles',
};

const days = (list: number[], start: string, end: string) =>
  list.map((day) => ({ day, start, end }));
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * Each demo sitter's calendar (time zone from their city). The Austin sitters next to the demo
 * owners (Sam, who walks the weekly series, and Maya) keep all hours, so a first booking from the
 * demo works at any time of day; the others show mornings-and-evenings, weekday and weekend
 * walkers, and capacities for boarding and sitting.
 */
const CALENDARS: Record<string, Omit<CalendarUpdateBody, 'timeZone'>> = {
  sam: { capacities: { boarding: 2, 'pet-sitting': 1 } },
  maya: { capacities: { boarding: 1 } },
  leo: {
    schedule: [...days(WEEKDAYS, '06:30', '09:30'), ...days(WEEKDAYS, '17:00', '20:00')],
    capacities: { boarding: 3 },
  },
  // Hannah keeps all hours: her accepted drop-in visit is at whatever time the demo was seeded.
  hannah: {},
  jade: { capacities: { 'house-sitting': 1, 'pet-sitting': 2 } },
  omar: {
    schedule: [
      ...days(WEEKDAYS, '06:00', '10:00'),
      ...days(WEEKDAYS, '16:00', '20:00'),
      ...days([6], '07:00', '13:00'),
    ],
  },
  nora: { schedule: days([2, 3, 4, 5, 6], '09:00', '17:00') },
  ethan: { schedule: [...days(WEEKDAYS, '18:00', '21:30'), ...days([0, 6], '08:00', '18:00')] },
};

/** Holidays in the coming weeks, in days from the sitter's today (none hold demo bookings). */
const HOLIDAYS: { key: string; from: number; to: number; note: string }[] = [
  { key: 'maya', from: 14, to: 20, note: 'Family visit in San Antonio' },
  { key: 'nora', from: 9, to: 12, note: 'Reptile expo in Portland' },
];

/** Demo sitter calendars: real time zones, weekly schedules, capacities and a few holidays. */
export const availabilitySeeder: Seeder = {
  name: 'availability',
  run: async (app, ctx) => {
    for (const person of PEOPLE) {
      const userId = ctx.users[person.key];
      if (person.type !== 'provider' || !userId) continue;
      const timeZone = ZONES[person.city.city] ?? 'UTC';
      await updateCalendar(app.db, userId, { timeZone, ...CALENDARS[person.key] });
    }
    for (const h of HOLIDAYS) {
      const userId = ctx.users[h.key];
      const person = PEOPLE.find((p) => p.key === h.key);
      if (!userId || !person) continue;
      const today = localParts(Date.now(), ZONES[person.city.city] ?? 'UTC').date;
      const body = {
        startDate: addDays(today, h.from),
        endDate: addDays(today, h.to),
        note: h.note,
      };
      try {
        await addBlock(app.db, userId, body);
      } catch (err) {
        // A booking on those dates wins: the demo keeps it and skips the holiday.
        if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
        app.log.warn(`demo holiday of ${h.key} skipped: ${err.message}`);
      }
    }
  },
};
