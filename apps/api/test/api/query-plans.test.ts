import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  bookingRow,
  closeApp,
  createOwner,
  createProvider,
  grant,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { openDispute } from '../helpers/chat-fixtures.ts';
import { newId } from '../../src/lib/ids.ts';

/*
 * Every paged list is served from an index: each list endpoint is called once, every SELECT it
 * runs is captured (a Kysely plugin on app.db) and EXPLAINed.
 * - SQLite (EXPLAIN QUERY PLAN): no full `SCAN` of a table that grows with use, and, in a query
 *   with a LIMIT, no `USE TEMP B-TREE FOR … ORDER BY` (the page order comes from an index).
 * - PostgreSQL (EXPLAIN (FORMAT JSON)) with enable_seqscan and enable_sort off for the session,
 *   so tiny test tables cannot hide the index choice: no Seq Scan of such a table, and in a query
 *   with a LIMIT no Sort node left (a Sort that survives enable_sort = off is one no index avoids).
 * The data is small; plans do not depend on it (SQLite has no statistics here, PostgreSQL is
 * steered by the settings above).
 */

/** Tables that grow with users and activity; small lookup tables may be scanned. */
const LARGE = new Set([
  'users',
  'sessions',
  'notifications',
  'bookings',
  'booking_requests',
  'booking_events',
  'booking_charges',
  'booking_series',
  'credit_entries',
  'reviews',
  'pets',
  'messages',
  'disputes',
  'kyc_records',
  'kyc_documents',
  'kyc_messages',
  'audit_log',
  'coupons',
  'coupon_redemptions',
  'payments',
  'subscriptions',
  'sitter_calendars',
  'sitter_schedule_windows',
  'sitter_blocks',
  'provider_locations',
  'feed_listings',
  'contact_messages',
]);

class Capture implements KyselyPlugin {
  nodes: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let t: TestApp;
let original: Db;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;
let bookingId: string;
let openId: string;

beforeAll(async () => {
  t = await createTestApp();
  original = t.app.db;
  owner = await createOwner(t.app, { latitude: 38.7, longitude: -9.1 });
  sitter = await createProvider(t.app, undefined, { latitude: 38.72, longitude: -9.14 });
  admin = await createUser(t.app, { user_type: 'admin' });
  // Rows written directly: the plans do not depend on how they were made.
  const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const booking = (providerId: string | null, status: 'accepted' | 'pending', h: number) =>
    bookingRow(owner.id, {
      provider_id: providerId,
      status,
      pets: JSON.stringify(owner.petIds),
      start_at: at(h),
      end_at: at(h + 1),
      created_at: at(-2),
      updated_at: at(-2),
    });
  const assigned = booking(sitter.id, 'accepted', 48);
  const open = booking(null, 'pending', 72);
  bookingId = assigned.id;
  openId = open.id;
  await t.app.db.insertInto('bookings').values([assigned, open]).execute();
  await t.app.db
    .insertInto('booking_requests')
    .values({
      id: newId(),
      booking_id: open.id,
      provider_id: sitter.id,
      initiated_by: 'provider',
      state: 'pending',
      created_at: at(-1),
      updated_at: at(-1),
    })
    .execute();
  await t.app.db
    .insertInto('booking_events')
    .values({
      id: newId(),
      booking_id: assigned.id,
      actor_id: owner.id,
      type: 'created',
      note: null,
      image_path: null,
      image_mime: null,
      created_at: at(-2),
    })
    .execute();
  await t.app.db
    .insertInto('messages')
    .values(
      [
        [owner, sitter],
        [sitter, owner],
      ].map(([from, to], k) => ({
        id: newId(),
        booking_id: assigned.id,
        sender_id: from!.id,
        recipient_id: to!.id,
        text: 'Hello',
        created_at: at(-1 + k / 10),
        read_at: null,
      })),
    )
    .execute();
  await grant(t.app, owner.id, 500);
  await openDispute(t.app, bookingId, owner.id);
  await t.app.db
    .insertInto('contact_messages')
    .values({
      id: newId(),
      name: 'Ann Visitor',
      email: 'ann@example.test',
      subject: null,
      message: 'Hello, how do bookings work?',
      created_at: at(-1),
    })
    .execute();
}, 60_000);
afterAll(async () => {
  (t.app as { db: Db }).db = original;
  await closeApp(t);
});

/** Calls `url` as `who` with every query captured; returns the SELECTs it ran. */
async function selectsOf(
  who: TestUser,
  url: string,
  method = 'GET',
  payload?: object,
): Promise<CompiledQuery[]> {
  const capture = new Capture();
  (t.app as { db: Db }).db = original.withPlugin(capture);
  try {
    const res = await t.call({ method, url, token: who.token, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  } finally {
    (t.app as { db: Db }).db = original;
  }
  return capture.nodes
    .filter(({ node }) => node.kind === 'SelectQueryNode')
    .map(({ node, queryId }) => original.getExecutor().compileQuery(node, queryId));
}

/** The problems of one query's plan (empty when every table read goes through an index). */
async function planProblems(query: CompiledQuery, orderRule: boolean): Promise<string[]> {
  // The order rule is for pages (LIMIT); a page's details (events of its bookings) are bounded.
  const paged = orderRule && /\blimit\b/i.test(query.sql);
  if (t.engine === 'sqlite') {
    const { rows } = await original.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const details = rows.map((r) => r.detail);
    return details.filter(
      (d) =>
        (paged && /USE TEMP B-TREE FOR (\w+ )*ORDER BY/.test(d)) ||
        (/^SCAN (\w+)/.exec(d) !== null &&
          !/ USING /.test(d) &&
          LARGE.has(/^SCAN (\w+)/.exec(d)![1]!)),
    );
  }
  return original.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    await sql`set enable_sort = off`.execute(conn);
    try {
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const raw = rows[0]!['QUERY PLAN'];
      const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PgNode }[];
      const problems: string[] = [];
      const walk = (n: PgNode) => {
        if (n['Node Type'] === 'Seq Scan' && LARGE.has(n['Relation Name'] ?? ''))
          problems.push(`Seq Scan on ${n['Relation Name']}`);
        if (paged && (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'))
          problems.push(`${n['Node Type']} by ${(n['Sort Key'] ?? []).join(', ')}`);
        for (const child of n.Plans ?? []) walk(child);
      };
      walk(doc[0]!.Plan);
      return problems;
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
      await sql`reset enable_sort`.execute(conn);
    }
  });
}
type PgNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  Plans?: PgNode[];
};

/*
 * Lists whose order is computed per row, so no index can give it; the sort is allowed there (the
 * full-table rule still holds) and bench/scale/run.ts measures what it costs as data grows:
 * - a sitter's feed: open bookings by distance from the sitter (the listings inside a box around
 *   the sitter from the (lat_cell, longitude) index of feed_listings), then their own bookings;
 * - nearby sitters: by distance from the caller (candidates from the R*Tree / GiST index; with few
 *   sitters near, as here, the nearest-first fallback orders them all).
 */
const SORTED_BY_COMPUTED_ORDER = new Set(["sitter's feed: GET /api/booking/", 'nearby sitters']);

const lists: [string, () => TestUser, () => string][] = [
  ["owner's bookings", () => owner, () => '/api/booking/user'],
  ["owner's bookings by status", () => owner, () => '/api/booking/user?status=accepted'],
  ['owner: GET /api/booking/', () => owner, () => '/api/booking/'],
  ["sitter's bookings in a status", () => sitter, () => '/api/booking/provider/in-progress'],
  ["sitter's feed: GET /api/booking/", () => sitter, () => '/api/booking/'],
  ['admin: GET /api/booking/', () => admin, () => '/api/booking/'],
  ['admin: GET /api/booking/?status=', () => admin, () => '/api/booking/?status=pending'],
  ["sitter's requests", () => sitter, () => '/api/booking/requests/mine'],
  ["owner's conversations", () => owner, () => '/api/messages/conversations'],
  ["sitter's conversations", () => sitter, () => '/api/messages/conversations'],
  ['a thread', () => owner, () => `/api/messages/thread?bookingId=${bookingId}`],
  ["admin: a disputed booking's messages", () => admin, () => `/api/messages/booking/${bookingId}`],
  ['notifications', () => owner, () => '/api/notifications/all'],
  ['notifications, a later page', () => owner, () => '/api/notifications/all?page=2&limit=1'],
  ['nearby sitters', () => owner, () => '/api/user/nearby?page=1&limit=15'],
  ["a sitter's reviews", () => owner, () => `/api/user/${sitter.id}/reviews`],
  ['credit entries', () => owner, () => `/api/userCredit/user-credits/${owner.id}`],
  ['admin: KYC records', () => admin, () => '/api/kyc/'],
  ['admin: disputes', () => admin, () => '/api/dispute/'],
  ['admin: members', () => admin, () => '/api/admin/members/'],
  ['admin: contact messages', () => admin, () => '/api/contact'],
  ['admin: coupons', () => admin, () => '/api/coupons/'],
  ['admin: packages', () => admin, () => '/api/packages/all'],
  ['admin: coupon history', () => admin, () => '/api/admin/audit?targetType=coupon'],
  [
    'admin: package history, a later page',
    () => admin,
    () => '/api/admin/audit?targetType=package&page=2&limit=1',
  ],
  ['admin dashboard', () => admin, () => '/api/admin-dashboard'],
];

describe('every paged list is served from an index', () => {
  it.each(lists)('%s', async (name, who, url) => {
    const queries = await selectsOf(who(), url());
    expect(queries.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const q of queries)
      for (const p of await planProblems(q, !SORTED_BY_COMPUTED_ORDER.has(name)))
        found.push(`${p}\n    in: ${q.sql.slice(0, 300)}`);
    expect(found).toEqual([]);
  });
});

describe('a write reads what it names through that index', () => {
  // Without statistics SQLite once took (state, created_at) for "this booking's pending
  // requests" and read every pending request of the marketplace on each decision.
  it("a decision reads the booking's requests from a booking_id index (SQLite plan)", async () => {
    const queries = await selectsOf(owner, `/api/booking/accept/${openId}`, 'PUT', {
      providerId: sitter.id,
      decision: 'accepted',
    });
    const byBooking = queries.filter((q) =>
      /from "booking_requests"[^]*"booking_id" = (\?|\$\d+)/.test(q.sql),
    );
    expect(byBooking.length).toBeGreaterThan(0);
    if (t.engine !== 'sqlite') return;
    for (const q of byBooking) {
      const { rows } = await original.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      const search = rows.map((r) => r.detail).filter((d) => /booking_requests/.test(d));
      expect(
        search.every((d) => /booking_id=\?/.test(d)),
        `${q.sql}\n${search.join('\n')}`,
      ).toBe(true);
    }
  });
});
