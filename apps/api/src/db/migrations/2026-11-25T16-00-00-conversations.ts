import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * A user's conversation list was computed on each request from every booking they are a party of
 * (owner, assigned sitter, pending applicant of an open booking), with three message probes per
 * booking, so its cost grew with the user's history. `conversations` holds one row per booking and
 * party with what the list shows (the newest message the party sent or received, their unread
 * count, their message count) and the time it is ordered by (that message's time, else the
 * booking's creation). Triggers on bookings, booking_requests and messages keep it, so every
 * writer (the API, the seeds, another instance) keeps it right; the list and a thread's count read
 * it through (user_id, activity_at, booking_id) and the primary key.
 */

/** The parties of booking `b` (every booking when null): the same rule as messages' isChatParty. */
const members = (b: string | null) => {
  const one = (col: string) => (b === null ? '' : ` and ${col} = ${b}`);
  return `
    select o.id as booking_id, o.owner_id as user_id from bookings o where 1 = 1${one('o.id')}
    union select p.id, p.provider_id from bookings p where p.provider_id is not null${one('p.id')}
    union select br.booking_id, br.provider_id from booking_requests br
      join bookings a on a.id = br.booking_id
      where br.state = 'pending' and a.provider_id is null and a.status = 'pending'${one('br.booking_id')}`;
};

/** The newest message of `booking` that `user` sent or received: its `col`. */
const newest = (col: string, booking: string, user: string) => `(
  select m.${col} from messages m
  where m.booking_id = ${booking} and (m.sender_id = ${user} or m.recipient_id = ${user})
  order by m.created_at desc, m.id desc limit 1)`;
const unread = (booking: string, user: string) => `(
  select count(*) from messages m
  where m.recipient_id = ${user} and m.read_at is null and m.booking_id = ${booking})`;
const total = (booking: string, user: string) => `(
  (select count(*) from messages m where m.booking_id = ${booking} and m.sender_id = ${user})
  + (select count(*) from messages m where m.booking_id = ${booking} and m.recipient_id = ${user}))`;

/** Adds the missing party rows of booking `b` (of every booking when null), figures included. */
const addMissing = (b: string | null) => `
  insert into conversations (booking_id, user_id, last_id, last_at, unread, messages, activity_at)
  select u.booking_id, u.user_id,
    ${newest('id', 'u.booking_id', 'u.user_id')},
    ${newest('created_at', 'u.booking_id', 'u.user_id')},
    ${unread('u.booking_id', 'u.user_id')},
    ${total('u.booking_id', 'u.user_id')},
    coalesce(${newest('created_at', 'u.booking_id', 'u.user_id')}, k.created_at)
  from (${members(b)}) u join bookings k on k.id = u.booking_id
  where not exists (
    select 1 from conversations c where c.booking_id = u.booking_id and c.user_id = u.user_id)
  on conflict do nothing;`;

/** Booking `b`'s rows made to match its parties now. */
const sync = (b: string) => `
  delete from conversations where booking_id = ${b}
    and user_id not in (select x.user_id from (${members(b)}) x);
  ${addMissing(b)}`;

/** The figures of booking `b`'s rows for `users`, counted again from its messages. */
const recount = (b: string, users: string[]) => `
  update conversations set
    last_id = ${newest('id', b, 'conversations.user_id')},
    last_at = ${newest('created_at', b, 'conversations.user_id')},
    unread = ${unread(b, 'conversations.user_id')},
    messages = ${total(b, 'conversations.user_id')},
    activity_at = coalesce(${newest('created_at', b, 'conversations.user_id')},
      (select k.created_at from bookings k where k.id = ${b}))
  where booking_id = ${b} and user_id in (${users.join(', ')});`;

/** A new message: the newest for both its parties (unless an older one arrives late), counted. */
const messageAdded = `
  update conversations set last_id = new.id, last_at = new.created_at, activity_at = new.created_at
  where booking_id = new.booking_id and user_id in (new.sender_id, new.recipient_id)
    and (last_at is null or last_at < new.created_at
      or (last_at = new.created_at and last_id < new.id));
  update conversations set messages = messages + 1,
    unread = unread + case when new.read_at is null and user_id = new.recipient_id then 1 else 0 end
  where booking_id = new.booking_id and user_id in (new.sender_id, new.recipient_id);`;

/** A booking's first rows: its owner and, on a direct request, its sitter (no messages yet). */
const bookingAdded = `
  insert into conversations (booking_id, user_id, last_id, last_at, unread, messages, activity_at)
  select new.id, new.owner_id, null, null, 0, 0, new.created_at
  union all
  select new.id, new.provider_id, null, null, 0, 0, new.created_at
  where new.provider_id is not null and new.provider_id <> new.owner_id;`;

const sameMessage = `old.id = new.id and old.booking_id = new.booking_id
  and old.sender_id = new.sender_id and old.recipient_id = new.recipient_id
  and old.created_at = new.created_at`;
const readChanged = `(old.read_at is null) <> (new.read_at is null)`;
const readDelta = `
  update conversations set unread = unread + case when new.read_at is null then 1 else -1 end
  where booking_id = new.booking_id and user_id = new.recipient_id;`;
const movedMessage = `${recount('old.booking_id', ['old.sender_id', 'old.recipient_id'])}
  ${recount('new.booking_id', ['new.sender_id', 'new.recipient_id'])}`;

/** Trigger names per table, for down(). */
const SQLITE_TRIGGERS = [
  'bookings_conversations_insert',
  'bookings_conversations_update',
  'booking_requests_conversations_insert',
  'booking_requests_conversations_update',
  'booking_requests_conversations_delete',
  'messages_conversations_insert',
  'messages_conversations_read',
  'messages_conversations_move',
  'messages_conversations_delete',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('conversations')
    .addColumn('booking_id', 'varchar(24)', (c) =>
      c.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('last_id', 'varchar(24)')
    .addColumn('last_at', 'varchar(32)')
    .addColumn('unread', 'integer', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('activity_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversations_pk', ['booking_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversations_user_activity_idx')
    .on('conversations')
    .columns(['user_id', 'activity_at', 'booking_id'])
    .execute();
  await sql.raw(addMissing(null)).execute(db);

  if (sqlite) {
    const triggers = [
      `create trigger bookings_conversations_insert after insert on bookings
        begin ${bookingAdded} end`,
      `create trigger bookings_conversations_update after update of provider_id, status on bookings
        when old.provider_id is distinct from new.provider_id or old.status <> new.status
        begin ${sync('new.id')} end`,
      `create trigger booking_requests_conversations_insert after insert on booking_requests
        begin ${sync('new.booking_id')} end`,
      `create trigger booking_requests_conversations_update
        after update of state, booking_id, provider_id on booking_requests
        begin ${sync('old.booking_id')} ${sync('new.booking_id')} end`,
      `create trigger booking_requests_conversations_delete after delete on booking_requests
        begin ${sync('old.booking_id')} end`,
      `create trigger messages_conversations_insert after insert on messages
        begin ${messageAdded} end`,
      `create trigger messages_conversations_read after update of read_at on messages
        when ${sameMessage} and ${readChanged}
        begin ${readDelta} end`,
      `create trigger messages_conversations_move
        after update of id, booking_id, sender_id, recipient_id, created_at on messages
        when not (${sameMessage})
        begin ${movedMessage} end`,
      `create trigger messages_conversations_delete after delete on messages
        begin ${recount('old.booking_id', ['old.sender_id', 'old.recipient_id'])} end`,
    ];
    for (const t of triggers) await sql.raw(t).execute(db);
    return;
  }
  const fn = (name: string, body: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`,
      )
      .execute(db);
  await sql
    .raw(
      `create function conversations_sync(p_booking varchar) returns void language plpgsql as $$
      begin
        ${sync('p_booking')}
      end $$`,
    )
    .execute(db);
  await fn('conversations_booking_added', bookingAdded);
  await fn('conversations_booking_changed', 'perform conversations_sync(new.id);');
  await fn(
    'conversations_request_changed',
    `if tg_op in ('UPDATE', 'DELETE') then perform conversations_sync(old.booking_id); end if;
     if tg_op in ('UPDATE', 'INSERT') then perform conversations_sync(new.booking_id); end if;`,
  );
  await fn('conversations_message_added', messageAdded);
  await fn('conversations_message_read', readDelta);
  await fn('conversations_message_moved', movedMessage);
  await fn(
    'conversations_message_deleted',
    recount('old.booking_id', ['old.sender_id', 'old.recipient_id']),
  );
  const triggers = [
    `create trigger bookings_conversations_insert after insert on bookings
      for each row execute function conversations_booking_added()`,
    `create trigger bookings_conversations_update after update of provider_id, status on bookings
      for each row when (old.provider_id is distinct from new.provider_id or old.status <> new.status)
      execute function conversations_booking_changed()`,
    `create trigger booking_requests_conversations
      after insert or update of state, booking_id, provider_id or delete on booking_requests
      for each row execute function conversations_request_changed()`,
    `create trigger messages_conversations_insert after insert on messages
      for each row execute function conversations_message_added()`,
    `create trigger messages_conversations_read after update of read_at on messages
      for each row when (${sameMessage} and ${readChanged})
      execute function conversations_message_read()`,
    `create trigger messages_conversations_move
      after update of id, booking_id, sender_id, recipient_id, created_at on messages
      for each row when (not (${sameMessage})) execute function conversations_message_moved()`,
    `create trigger messages_conversations_delete after delete on messages
      for each row execute function conversations_message_deleted()`,
  ];
  for (const t of triggers) await sql.raw(t).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  } else {
    for (const [name, table] of [
      ['bookings_conversations_insert', 'bookings'],
      ['bookings_conversations_update', 'bookings'],
      ['booking_requests_conversations', 'booking_requests'],
      ['messages_conversations_insert', 'messages'],
      ['messages_conversations_read', 'messages'],
      ['messages_conversations_move', 'messages'],
      ['messages_conversations_delete', 'messages'],
    ])
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    for (const name of [
      'conversations_booking_added()',
      'conversations_booking_changed()',
      'conversations_request_changed()',
      'conversations_message_added()',
      'conversations_message_read()',
      'conversations_message_moved()',
      'conversations_message_deleted()',
      'conversations_sync(varchar)',
    ])
      await sql.raw(`drop function if exists ${name}`).execute(db);
  }
  await db.schema.dropTable('conversations').execute();
}
