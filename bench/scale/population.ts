/**
 * Bench tool: a realistic marketplace at any size, written with BulkWriter (its own SQL) — owners
 * and sitters across the continental US with services, pet preferences, rates and calendars
 * (schedules, capacities, holiday blocks), pets, bookings in every status over two years with
 * their requests and events, reviews (and the cached ratings they give), credits, chat messages
 * per booking, notifications, KYC records, disputes, coupons and packages. Deterministic: the same
 * sizes give the same rows. Derived state the app keeps (the provider location index, cached
 * ratings) is rebuilt through the modules' own functions; trigger-kept counts stay on.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema.ts';
import { addDays, dateRangeToInterval } from '../../apps/api/src/modules/availability/index.ts';
import { blindEnd } from '../../apps/api/src/modules/reviews/index.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/sitters/index.ts';
import { SERVICES, PET_SPECIES } from '@pawsy/contract';
import { BulkWriter } from './writer.ts';

export type Sizes = { users: number; bookings: number; messages: number };
export type SeedReport = { rows: Map<string, number>; seconds: number };

const DAY = 86_400_000;
const HOUR = 3_600_000;
const US = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lu'];
const LAST = ['Stone', 'Rivera', 'Kim', 'Nash', 'Ortiz', 'Patel', 'Quinn', 'Reyes', 'Shaw'];
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const PET_PREFS = [[], [], ['Dogs'], ['Dogs'], ['Dogs', 'Cats'], ['Cats']];
const LINES = [
  'Hi! Is the time still good for you?',
  'Yes, see you then.',
  'She had a great walk today.',
  'Keys are under the mat.',
  'Thanks so much!',
  'Could we start 30 minutes later?',
];

/** Deterministic 24-hex ids: a table prefix and a sequence number. */
export const hexId = (prefix: number, n: number) =>
  prefix.toString(16).padStart(2, '0') + n.toString(16).padStart(22, '0');
export const userId = (n: number) => hexId(1, n);
export const bookingId = (n: number) => hexId(2, n);

/** Small fast PRNG (mulberry32) so runs are reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** User n's role: 0 is the admin, three in ten sitters, the rest owners. */
export const isProvider = (n: number) => n > 0 && n % 10 < 3;
export const isDeleted = (n: number) => n > 0 && n % 997 === 0;

const iso = (t: number) => new Date(t).toISOString();

export async function populate(
  db: Kysely<Database>,
  postgres: boolean,
  sizes: Sizes,
  now = Date.now(),
  log: (line: string) => void = console.log,
): Promise<SeedReport> {
  const started = performance.now();
  const w = new BulkWriter(db, postgres);
  const rnd = prng(42);
  const between = (a: number, b: number) => a + rnd() * (b - a);
  const pickOf = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const U = sizes.users;
  const providers: number[] = [];
  const owners: number[] = [];
  for (let n = 1; n < U; n++) if (!isDeleted(n)) (isProvider(n) ? providers : owners).push(n);
  const servicesOf = new Map<number, string[]>();
  const stamp = (label: string, t0: number, count: number) =>
    log(
      `${label}: ${count.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
        `(${Math.round(count / ((performance.now() - t0) / 1000)).toLocaleString('en')} rows/s)`,
    );

  // Users, pets, calendars.
  let t0 = performance.now();
  const userCols = [
    'id',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'phone',
    'user_type',
    'term',
    'primary_services',
    'email_verified',
    'is_verified',
    'kyc_verified',
    'is_paid',
    'email_notification',
    'bio',
    'headline',
    'city',
    'state',
    'country',
    'pet_prefrences',
    'service_rates',
    'currency',
    'latitude',
    'longitude',
    'deleted_at',
    'created_at',
    'updated_at',
  ];
  const BATCH = 5000;
  // Each provider's insert fires the trigger that bumps every provider_offer_counts row; on
  // PostgreSQL every bump is a new row version the rest of the transaction walks past, so users
  // go in many short transactions there (the counts stay trigger-kept, nothing is recomputed).
  const USER_TX = postgres ? 500 : BATCH;
  for (let from = 0; from < U; from += USER_TX) {
    const rows = [];
    for (let n = from; n < Math.min(U, from + USER_TX); n++) {
      const provider = isProvider(n);
      const services = provider ? SERVICES.filter(() => rnd() < 0.45).map((s) => s.value) : [];
      if (provider && services.length === 0) services.push('dog-walking');
      if (provider) servicesOf.set(n, services);
      const created = iso(now - 760 * DAY + Math.floor((n / U) * 740 * DAY));
      rows.push([
        userId(n),
        `scale${n}@bench.test`,
        'not-a-login',
        FIRST[n % FIRST.length]!,
        LAST[n % LAST.length]!,
        '+1 555 0100',
        n === 0 ? 'admin' : provider ? 'provider' : 'user',
        1,
        JSON.stringify(services),
        1,
        n % 3 === 0 ? 1 : 0,
        provider && n % 2 === 0 && n % 6 !== 4 ? 1 : 0,
        n % 20 === 0 ? 1 : 0,
        1,
        provider ? 'Happy to send photos after every visit.' : null,
        provider ? 'Experienced, insured and fond of every pet' : null,
        'Somewhere',
        'US',
        'United States',
        JSON.stringify(provider ? PET_PREFS[n % PET_PREFS.length] : []),
        JSON.stringify(Object.fromEntries(services.map((s) => [s, 1500 + (n % 30) * 100]))),
        'USD',
        Math.round(between(US.minLat, US.maxLat) * 1e5) / 1e5,
        Math.round(between(US.minLng, US.maxLng) * 1e5) / 1e5,
        isDeleted(n) ? created : null,
        created,
        created,
      ]);
    }
    await w.insert('users', userCols, rows);
    await w.commit();
  }
  await w.commit();
  stamp('users', t0, U);

  t0 = performance.now();
  const petCols = [
    'id',
    'user_id',
    'name',
    'species',
    'breed',
    'age',
    'weight',
    'sex',
    'care_notes',
    'medical_notes',
    'image_path',
    'created_at',
    'updated_at',
  ];
  const petId = (owner: number, k: number) => hexId(9, owner * 2 + k);
  let petRows: (string | number | null)[][] = [];
  let pets = 0;
  for (const n of owners) {
    for (let k = 0; k < (n % 3 === 0 ? 2 : 1); k++) {
      const at = iso(now - 700 * DAY + Math.floor((n / U) * 690 * DAY));
      petRows.push([
        petId(n, k),
        userId(n),
        `Pet ${n}-${k}`,
        PET_SPECIES[(n + k) % 3]!,
        null,
        1 + (n % 14),
        3 + (n % 40),
        k === 0 ? 'female' : 'male',
        'Friendly',
        null,
        null,
        at,
        at,
      ]);
      pets += 1;
    }
    if (petRows.length >= BATCH) {
      await w.insert('pets', petCols, petRows);
      petRows = [];
    }
  }
  await w.insert('pets', petCols, petRows);
  await w.commit();
  stamp('pets', t0, pets);

  t0 = performance.now();
  const today = iso(now).slice(0, 10);
  const calendars = [];
  const windows = [];
  const blocks = [];
  for (const [i, n] of providers.entries()) {
    const scheduled = i % 10 === 0;
    const capacity = i % 20 === 3 ? 2 + (i % 2) : 0;
    const zone = ZONES[i % ZONES.length]!;
    if (scheduled || capacity) {
      const weekdays = i % 3 === 0 ? [0, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5];
      const [start, end] = i % 4 === 0 ? [17 * 60, 22 * 60] : [8 * 60, 18 * 60];
      const hm = (m: number) => `${String(m / 60).padStart(2, '0')}:00`;
      const schedule = scheduled
        ? weekdays.map((day) => ({ day, start: hm(start), end: hm(end) }))
        : [];
      calendars.push([
        userId(n),
        scheduled ? zone : 'UTC',
        JSON.stringify(schedule),
        JSON.stringify(capacity ? { boarding: capacity } : {}),
        scheduled ? 1 : 0,
        iso(now),
      ]);
      for (const day of scheduled ? weekdays : []) windows.push([userId(n), day, start, end]);
    }
    if (i % 20 === 7 || i % 50 === 11) {
      const startDate = addDays(today, Math.floor(between(-30, 60)));
      const endDate = addDays(startDate, Math.floor(between(0, 10)));
      const range = dateRangeToInterval(startDate, endDate, scheduled ? zone : 'UTC');
      blocks.push([
        hexId(10, blocks.length),
        userId(n),
        startDate,
        endDate,
        range.start.toISOString(),
        range.end.toISOString(),
        'Holiday',
        iso(now),
      ]);
    }
  }
  await w.insert(
    'sitter_calendars',
    ['user_id', 'time_zone', 'schedule', 'capacities', 'has_schedule', 'updated_at'],
    calendars,
  );
  await w.insert(
    'sitter_schedule_windows',
    ['user_id', 'weekday', 'start_minute', 'end_minute'],
    windows,
  );
  await w.insert(
    'sitter_blocks',
    ['id', 'user_id', 'start_date', 'end_date', 'start_at', 'end_at', 'note', 'created_at'],
    blocks,
  );
  await w.commit();
  stamp('calendars', t0, calendars.length + windows.length + blocks.length);

  // Bookings with their requests, events, reviews, credits, messages, notifications, disputes.
  t0 = performance.now();
  const B = sizes.bookings;
  const msgPerBooking = sizes.messages / Math.max(1, B * 0.7);
  const bookingCols = [
    'id',
    'owner_id',
    'provider_id',
    'service',
    'pets',
    'start_at',
    'end_at',
    'notes',
    'status',
    'units',
    'rate_cents',
    'price_cents',
    'currency',
    'credits_applied',
    'credits_refunded',
    'cancelled_by',
    'completed_at',
    'created_at',
    'updated_at',
  ];
  const requestCols = [
    'id',
    'booking_id',
    'provider_id',
    'initiated_by',
    'state',
    'created_at',
    'updated_at',
  ];
  const eventCols = [
    'id',
    'booking_id',
    'actor_id',
    'type',
    'note',
    'image_path',
    'image_mime',
    'created_at',
  ];
  const reviewCols = [
    'id',
    'booking_id',
    'author_id',
    'subject_id',
    'rating',
    'comment',
    'created_at',
    'visible_at',
  ];
  const creditCols = ['id', 'user_id', 'amount', 'reason', 'booking_id', 'created_at'];
  const messageCols = [
    'id',
    'booking_id',
    'sender_id',
    'recipient_id',
    'text',
    'created_at',
    'read_at',
  ];
  const notificationCols = ['id', 'user_id', 'type', 'message', 'data', 'read_at', 'created_at'];
  const disputeCols = [
    'id',
    'booking_id',
    'opened_by',
    'reason',
    'description',
    'status',
    'winner_id',
    'resolution_reason',
    'settled_at',
    'created_at',
    'updated_at',
  ];
  const counter = {
    request: 0,
    event: 0,
    review: 0,
    credit: 0,
    message: 0,
    notification: 0,
    dispute: 0,
  };
  const ratings = new Map<string, { sum: number; count: number }>();
  type Rows = (string | number | null)[][];
  let buf: Record<string, Rows> = {};
  const push = (table: string, row: (string | number | null)[]) => (buf[table] ??= []).push(row);
  const flush = async () => {
    await w.insert('bookings', bookingCols, buf.bookings ?? []);
    await w.insert('booking_requests', requestCols, buf.booking_requests ?? []);
    await w.insert('booking_events', eventCols, buf.booking_events ?? []);
    await w.insert('reviews', reviewCols, buf.reviews ?? []);
    await w.insert('credit_entries', creditCols, buf.credit_entries ?? []);
    await w.insert('messages', messageCols, buf.messages ?? []);
    await w.insert('notifications', notificationCols, buf.notifications ?? []);
    await w.insert('disputes', disputeCols, buf.disputes ?? []);
    buf = {};
  };
  const notify = (user: string, type: string, message: string, booking: string, at: number) =>
    push('notifications', [
      hexId(16, counter.notification++),
      user,
      type,
      message,
      JSON.stringify({ bookingId: booking }),
      at < now - 14 * DAY || rnd() < 0.5 ? iso(at + HOUR) : null,
      iso(at),
    ]);
  const event = (booking: string, actor: string | null, type: string, at: number) =>
    push('booking_events', [
      hexId(12, counter.event++),
      booking,
      actor,
      type,
      null,
      null,
      null,
      iso(at),
    ]);

  // Welcome credit for a third of the owners (spent on some of their bookings below).
  for (const n of owners)
    if (n % 3 === 0)
      push('credit_entries', [
        hexId(14, counter.credit++),
        userId(n),
        5000,
        'Welcome credit',
        null,
        iso(now - 760 * DAY + Math.floor((n / U) * 740 * DAY) + HOUR),
      ]);

  for (let b = 0; b < B; b++) {
    const id = bookingId(b);
    const ownerN = owners[Math.floor(rnd() * owners.length)]!;
    const owner = userId(ownerN);
    const providerN = providers[Math.floor(rnd() * providers.length)]!;
    const service = pickOf(servicesOf.get(providerN)!);
    const night = SERVICES.find((s) => s.value === service)!.unit === 'night';
    const created = now - 730 * DAY + Math.floor(((b + rnd()) / B) * 730 * DAY);
    const start = Math.floor((created + between(1, 21) * DAY) / HOUR) * HOUR;
    const units = night ? 1 + Math.floor(rnd() * 6) : 1 + Math.floor(rnd() * 2);
    const end = start + units * (night ? DAY : HOUR);
    const rate = 1500 + (providerN % 30) * 100;
    const credits = ownerN % 3 === 0 && b % 4 === 0 ? 200 : 0;
    let status: string;
    let provider: string | null = userId(providerN);
    const r = rnd();
    if (start > now) status = r < 0.4 ? 'pending' : 'accepted';
    else if (end > now) status = 'in-progress';
    else status = r < 0.8 ? 'completed' : 'cancelled';
    if (status === 'pending' || (status === 'cancelled' && r > 0.95)) provider = null;
    const accepted = created + between(0.1, 0.9) * (start - created);
    const closedAt = status === 'cancelled' ? accepted + HOUR : end;
    const updated =
      status === 'completed' || status === 'cancelled' ? closedAt : provider ? accepted : created;
    push('bookings', [
      id,
      owner,
      provider,
      service,
      JSON.stringify([petId(ownerN, 0)]),
      iso(start),
      iso(end),
      '',
      status,
      units,
      rate,
      units * rate,
      'USD',
      credits,
      status === 'cancelled' ? credits : 0,
      status === 'cancelled' ? owner : null,
      status === 'completed' ? iso(end) : null,
      iso(created),
      iso(updated),
    ]);
    event(id, owner, 'created', created);
    if (credits)
      push('credit_entries', [
        hexId(14, counter.credit++),
        owner,
        -credits,
        'Booking',
        id,
        iso(created),
      ]);
    if (status === 'pending') {
      const asked = Math.floor(rnd() * 4);
      const seen = new Set<number>();
      for (let k = 0; k < asked; k++) {
        const p = providers[Math.floor(rnd() * providers.length)]!;
        if (seen.has(p)) continue;
        seen.add(p);
        const at = created + between(0.05, 0.5) * (start - created);
        push('booking_requests', [
          hexId(11, counter.request++),
          id,
          userId(p),
          'provider',
          'pending',
          iso(at),
          iso(at),
        ]);
        notify(owner, 'booking-request', `A sitter asked to take your ${service} booking`, id, at);
      }
      continue;
    }
    if (provider) {
      push('booking_requests', [
        hexId(11, counter.request++),
        id,
        provider,
        b % 2 ? 'provider' : 'owner',
        'accepted',
        iso(created),
        iso(accepted),
      ]);
      event(id, provider, 'accepted', accepted);
      notify(owner, 'booking-accepted', `Your ${service} booking was accepted`, id, accepted);
      if (status !== 'accepted' && status !== 'cancelled') event(id, provider, 'started', start);
    }
    if (status === 'completed') {
      event(id, provider, 'completed', end);
      notify(owner, 'booking-completed', `Your ${service} booking is complete`, id, end);
      const reviews: [string, string][] = [];
      if (rnd() < 0.6) reviews.push([owner, provider!]);
      if (rnd() < 0.3) reviews.push([provider!, owner]);
      for (const [author, subject] of reviews) {
        const rating = rnd() < 0.7 ? 5 : 3 + Math.floor(rnd() * 2);
        const written = end + between(0.1, 3) * DAY;
        const visibleAt = reviews.length === 2 ? written : Date.parse(blindEnd(iso(end)));
        const visible = visibleAt <= now;
        push('reviews', [
          hexId(13, counter.review++),
          id,
          author,
          subject,
          rating,
          'Lovely care.',
          iso(Math.min(written, now)),
          visible ? iso(visibleAt) : null,
        ]);
        if (visible) {
          const s = ratings.get(subject) ?? { sum: 0, count: 0 };
          s.sum += rating;
          s.count += 1;
          ratings.set(subject, s);
        }
      }
      if (b % 97 === 0) {
        const state = (['open', 'resolved', 'closed'] as const)[counter.dispute % 3]!;
        const at = end + DAY;
        const settled = state === 'open' ? null : iso(at + 3 * DAY);
        push('disputes', [
          hexId(15, counter.dispute++),
          id,
          owner,
          'Service not as agreed',
          'The sitter arrived late.',
          state,
          state === 'resolved' ? owner : null,
          state === 'open' ? null : 'Reviewed by support',
          settled,
          iso(at),
          settled ?? iso(at),
        ]);
      }
    } else if (status === 'cancelled') {
      event(id, owner, 'cancelled', closedAt);
      if (provider)
        notify(provider, 'booking-cancelled', `A ${service} booking was cancelled`, id, closedAt);
    }
    if (provider) {
      // Chat: a few messages between the parties from the booking's creation on.
      const count = Math.min(
        sizes.messages - counter.message,
        Math.floor(msgPerBooking * between(0, 2) + 0.5),
      );
      const last = Math.min(now - 60_000, closedAt + DAY);
      for (let k = 0; k < count; k++) {
        const fromOwner = k % 2 === 0;
        const at = Math.floor(created + ((k + 1) / (count + 1)) * (last - created));
        const recent = at > now - 7 * DAY;
        push('messages', [
          hexId(17, counter.message++),
          id,
          fromOwner ? owner : provider,
          fromOwner ? provider : owner,
          LINES[(b + k) % LINES.length]!,
          iso(at),
          recent && k === count - 1 ? null : iso(at + 10 * 60_000),
        ]);
      }
    }
    if ((buf.bookings?.length ?? 0) >= BATCH) await flush();
  }
  await flush();
  await w.commit();
  const bookingRows = B + Object.values(counter).reduce((a, b) => a + b, 0);
  stamp(
    'bookings, requests, events, reviews, credits, messages, notifications, disputes',
    t0,
    bookingRows,
  );

  // Admin-side lists: KYC records, coupons, packages.
  t0 = performance.now();
  const kyc = [];
  for (const [i, n] of providers.entries()) {
    if (i % 2 !== 0 && i % 7 !== 0) continue;
    const verified = n % 2 === 0 && n % 6 !== 4;
    const status = verified ? 'Verified' : i % 3 === 0 ? 'Rejected' : 'PENDING';
    const at = iso(now - 700 * DAY + Math.floor((n / U) * 695 * DAY));
    kyc.push([
      hexId(18, kyc.length),
      userId(n),
      status,
      'Driving licence attached',
      status === 'Rejected' ? 'The photo is blurred' : null,
      status === 'PENDING' ? null : userId(0),
      at,
      at,
    ]);
  }
  await w.insert(
    'kyc_records',
    [
      'id',
      'user_id',
      'status',
      'text',
      'rejection_reason',
      'reviewed_by',
      'created_at',
      'updated_at',
    ],
    kyc,
  );
  const coupons = [];
  for (let n = 0; n < Math.max(20, Math.floor(U / 100)); n++) {
    const at = iso(now - 720 * DAY + n * 3 * HOUR);
    coupons.push([
      hexId(19, n),
      `SCALE${n}`,
      `scale${n}`,
      n % 2 ? 'percent' : 'amount',
      n % 2 ? 10 : 500,
      null,
      n % 5 === 0 ? iso(now - DAY) : null,
      n % 4 === 0 ? 100 : null,
      0,
      n % 7 === 0 ? 0 : 1,
      at,
      at,
    ]);
  }
  await w.insert(
    'coupons',
    [
      'id',
      'code',
      'code_lower',
      'kind',
      'value',
      'valid_from',
      'valid_to',
      'max_redemptions',
      'redemptions',
      'active',
      'created_at',
      'updated_at',
    ],
    coupons,
  );
  const packages = ['Basic', 'Plus', 'Pro', 'Kennel'].map((name, n) => [
    hexId(20, n),
    name,
    `${name} plan`,
    900 + n * 1000,
    'USD',
    n === 3 ? 'year' : 'month',
    n * 1000,
    1,
    null,
    iso(now - 720 * DAY),
    iso(now - 720 * DAY),
  ]);
  await w.insert(
    'packages',
    [
      'id',
      'name',
      'description',
      'price_cents',
      'currency',
      'interval',
      'credits_included',
      'active',
      'stripe_price_id',
      'created_at',
      'updated_at',
    ],
    packages,
  );
  await w.commit();
  stamp('kyc records, coupons, packages', t0, kyc.length + coupons.length + packages.length);

  // Derived state: cached ratings (the same rounding as the reviews module), location index.
  // One UPDATE … FROM (VALUES …) per 1,000 sitters, each chunk its own transaction. On SQLite a
  // statement inside a long transaction releases its savepoint by walking the in-memory
  // sub-journal from its start, so 127,000 one-row updates in one transaction took quadratic time
  // (860 s at full size).
  t0 = performance.now();
  const rated = [...ratings.entries()];
  const avg = (s: { sum: number; count: number }) => Math.round((s.sum / s.count) * 10) / 10;
  for (let i = 0; i < rated.length; i += 1000) {
    const chunk = rated.slice(i, i + 1000);
    const values = chunk.map((_, k) =>
      postgres ? `($${3 * k + 1}, $${3 * k + 2}::float8, $${3 * k + 3}::int)` : '(?, ?, ?)',
    );
    // Both engines name a VALUES list's columns column1, column2, …
    await w.run(
      `update users set rating_avg = v.column2, rating_count = v.column3 ` +
        `from (values ${values.join(',')}) as v where users.id = v.column1`,
      chunk.flatMap(([userId, s]) => [userId, avg(s), s.count]),
    );
    await w.commit();
  }
  await rebuildProviderLocationIndex(db);
  stamp('cached ratings and the location index', t0, rated.length + providers.length);

  t0 = performance.now();
  // The trigger-kept counters took a bump per inserted row within minutes: on PostgreSQL each bump
  // leaves a dead row version, so a table of 80 live rows had grown to thousands of empty pages
  // that every read still scans. A live system's autovacuum keeps them at their few pages; give
  // them that size back (VACUUM FULL rewrites them) before measuring.
  if (postgres)
    await sql
      .raw(
        `vacuum full ${['booking_status_counts', 'booking_day_counts', 'user_role_counts', 'user_day_counts', 'provider_offer_counts'].join(', ')}`,
      )
      .execute(db);
  await sql.raw(postgres ? 'vacuum analyze' : 'analyze').execute(db);
  log(`analyse: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { rows: w.counts, seconds: (performance.now() - started) / 1000 };
}
