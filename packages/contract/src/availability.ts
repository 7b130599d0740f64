import { z } from 'zod';
import { bounded, fieldWords, isoInstant, pathId, queryParam, text } from './common.ts';
import { PET_SPECIES } from './search-range.ts';
import { SERVICES, normalizeService, serviceUnit } from './services.ts';

/**
 * A sitter's calendar: a weekly schedule (when they take hourly work such as walks and visits),
 * blocked date ranges (holidays) and a capacity per overnight service. DESIGN §5 "Availability".
 */

/** Services charged per night: the ones a capacity applies to. */
export const OVERNIGHT_SERVICES = SERVICES.filter((s) => s.unit === 'night').map((s) => s.value);
export const MAX_CAPACITY = 10;
/** The longest blocked range, in days (so overlap queries can bound their index range). */
export const MAX_BLOCK_DAYS = 366;
export const MAX_SCHEDULE_WINDOWS = 28;
export const MAX_BLOCKS = 100;
/** How far ahead a blocked range may start, in days. */
export const MAX_BLOCK_AHEAD_DAYS = 730;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM (00:00 to 24:00)');
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Not a calendar date',
  );

/** Whether the runtime knows this time zone name (any letter case, old aliases too). */
function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The listed names (`Intl.supportedValuesOf`) and UTC, by their lower-case spelling. */
let listedNames: Map<string, string> | null = null;
function listedSpelling(tz: string): string | undefined {
  if (!listedNames) {
    const names = [...(Intl.supportedValuesOf?.('timeZone') ?? []), 'UTC'];
    listedNames = new Map(names.map((name) => [name.toLowerCase(), name]));
  }
  return listedNames.get(tz.toLowerCase());
}

/**
 * IANA time zone names the runtime knows (e.g. America/Chicago), in the listed spelling when the
 * name is listed in another letter case ("america/chicago" → "America/Chicago", "utc" → "UTC"),
 * so one zone is not stored under two spellings. Other names the runtime knows (aliases such as
 * "US/Eastern", or "Asia/Kolkata" where the runtime lists "Asia/Calcutta") stay as sent: mapping
 * them to the runtime's canonical name would turn a current name into an old one.
 */
export const timeZone = z
  .string()
  .trim()
  .min(1, 'timeZone is required')
  .max(64, fieldWords.atMostChars('timeZone', 64))
  .refine(isKnownTimeZone, 'Unknown time zone')
  .overwrite((tz) => listedSpelling(tz) ?? tz);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * One weekly window: `day` 0 = Sunday … 6 = Saturday, local wall-clock times in the calendar's
 * time zone. An `end` at or before `start` runs past midnight into the next day (22:00–02:00).
 */
export const weeklyWindow = z
  .object({ day: bounded('day', 0, 6), start: hhmm, end: hhmm })
  .superRefine((w, ctx) => {
    // 00:00–00:00 is the whole day; any other start equal to its end is no time at all.
    if (w.start !== w.end || w.start === '00:00') return;
    // The day may itself be refused (7, 1.5): then the message names no day.
    const where = WEEKDAYS[w.day] ?? 'Weekly hours';
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: `${where}: a window must end after it starts`,
    });
  })
  .refine((w) => w.start !== '24:00', {
    message: 'A window starts at 23:59 at the latest',
    path: ['start'],
  });
export type WeeklyWindow = z.infer<typeof weeklyWindow>;

const HHMM = /^(\d\d):(\d\d)$/;

/** A window as minutes of the week [from, to); one ending at or before its start runs on. */
function weekSpan(w: WeeklyWindow): [number, number] | null {
  const start = HHMM.exec(w.start);
  const end = HHMM.exec(w.end);
  if (!start || !end) return null;
  const from = w.day * 1440 + Number(start[1]) * 60 + Number(start[2]);
  let to = w.day * 1440 + Number(end[1]) * 60 + Number(end[2]);
  if (to <= from) to += 1440;
  return [from, to];
}

/**
 * A weekly schedule. Two windows of one day may not overlap (the same hours twice read as a
 * mistake); a window running past midnight may meet the next day's, as "Friday 22:00–02:00" and
 * "Saturday all day" do.
 */
export const weeklySchedule = z
  .array(weeklyWindow)
  .max(MAX_SCHEDULE_WINDOWS, fieldWords.atMostItems('schedule', MAX_SCHEDULE_WINDOWS))
  .superRefine((windows, ctx) => {
    const spans = windows.map(weekSpan);
    for (let j = 1; j < windows.length; j += 1) {
      const b = spans[j];
      if (!b) continue;
      const clash = spans.findIndex(
        (a, i) =>
          i < j && a !== null && windows[i]!.day === windows[j]!.day && a[0] < b[1] && b[0] < a[1],
      );
      if (clash < 0) continue;
      const a = windows[clash]!;
      ctx.addIssue({
        code: 'custom',
        path: [j],
        message: `These hours overlap ${WEEKDAYS[a.day]} ${a.start}–${a.end}`,
      });
    }
  });

const capacities = z
  .record(z.string(), bounded('A capacity', 1, MAX_CAPACITY))
  .superRefine((caps, ctx) => {
    for (const key of Object.keys(caps)) {
      const service = normalizeService(key);
      if (!(OVERNIGHT_SERVICES as string[]).includes(service))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Capacity applies to overnight services only (${OVERNIGHT_SERVICES.join(', ')})`,
        });
    }
  })
  .transform((caps) => {
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(caps)) out[normalizeService(k)] = v;
    return out;
  });

/** `id` repeats `_id` (the web app's name for it). */
export const blockWire = z.object({
  _id: z.string(),
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string(),
});
export type BlockWire = z.infer<typeof blockWire>;

export const calendarWire = z.object({
  userId: z.string(),
  timeZone: z.string(),
  /** Empty: available at all hours (the default). */
  schedule: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
  /** Per overnight service; a service not listed has capacity 1. */
  capacities: z.record(z.string(), z.number()),
  blocks: z.array(blockWire),
  nextFreeDates: z.array(z.string()),
});
export type CalendarWire = z.infer<typeof calendarWire>;

export const calendarResponse = z.object({ success: z.literal(true), data: calendarWire });

export const calendarUpdateBody = z
  .object({
    timeZone: timeZone.optional(),
    schedule: weeklySchedule.optional(),
    capacities: capacities.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Provide timeZone, schedule or capacities',
  });
export type CalendarUpdateBody = z.infer<typeof calendarUpdateBody>;

export const blockBody = z
  .object({ startDate: isoDate, endDate: isoDate, note: text('Note', 200).default('') })
  .refine((b) => b.endDate >= b.startDate, {
    message: 'endDate must be on or after startDate',
    path: ['endDate'],
  })
  .refine(
    (b) =>
      (Date.parse(`${b.endDate}T00:00:00Z`) - Date.parse(`${b.startDate}T00:00:00Z`)) / 86_400_000 <
      MAX_BLOCK_DAYS,
    { message: `A blocked range can last at most ${MAX_BLOCK_DAYS} days`, path: ['endDate'] },
  );
export type BlockBody = z.infer<typeof blockBody>;

export const blockResponse = z.object({ success: z.literal(true), data: blockWire });
/** DELETE /api/availability/blocks/{blockId}: the range that was removed. */
export const blockRemovedResponse = blockResponse.extend({ message: z.string() });

/** A booking that stands in the way of blocking dates (409 body's `bookings`). */
export const blockingBooking = z.object({
  _id: z.string(),
  id: z.string(),
  service: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.string(),
});
export const blockConflictBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  bookings: z.array(blockingBooking),
});

export const blockParams = z.object({ blockId: pathId });
export const calendarUserParams = z.object({ userId: pathId });

/** What anyone signed in may see of a sitter's calendar. */
export const publicCalendar = z.object({
  userId: z.string(),
  timeZone: z.string(),
  schedule: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
  nextFreeDates: z.array(z.string()),
});
export type PublicCalendar = z.infer<typeof publicCalendar>;
export const publicCalendarResponse = z.object({ success: z.literal(true), data: publicCalendar });

/** A date-only value is a whole UTC day; anything else must be a full ISO 8601 date-time. */
const searchInstant = isoInstant('Use an ISO 8601 date or date-time');

/** The optional filters GET /api/user/nearby takes (DESIGN §5): all-or-nothing for dates. */
export const availabilityFilterShape = {
  service: queryParam(
    z
      .string()
      .trim()
      .max(60, fieldWords.atMostChars('service', 60))
      .optional()
      .transform((v) => (v ? normalizeService(v) : undefined))
      .refine((v) => v === undefined || SERVICES.some((s) => s.value === v), 'Unknown service'),
  ),
  startDate: queryParam(searchInstant.optional()),
  endDate: queryParam(searchInstant.optional()),
  // Profiles' pet preferences read "Dogs", "Cats": a plural or any case names the species.
  petType: queryParam(
    z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => (v === undefined ? v : speciesOf(v)))
      .refine(
        (v) => v === undefined || (PET_SPECIES as readonly string[]).includes(v),
        `petType must be one of: ${PET_SPECIES.join(', ')}`,
      ),
  ),
};

export const isOvernightService = (service: string) => serviceUnit(service) === 'night';

/** "dogs" → "dog" when the singular is a species; anything else as given. */
function speciesOf(word: string): string {
  const species = PET_SPECIES as readonly string[];
  if (species.includes(word)) return word;
  const singular = word.replace(/s$/, '');
  return species.includes(singular) ? singular : word;
}
