/**
 * A request fuzzer generated from the API's own OpenAPI document (`app.swagger()`): for every
 * operation and every role it draws malformed and boundary requests from the operation's
 * parameters and body schema (wrong types, missing and extra fields, empty and 100 kB strings,
 * unicode and NUL, negative/huge numbers, ids of nothing and of other users' records,
 * path-traversal and SQL-ish strings, wrong content types, malformed and very deep JSON,
 * duplicate query keys, broken multipart bodies) and checks each answer: no 5xx, every 4xx is
 * JSON with a message, no stack trace, SQL or internal path in any body.
 *
 * Shared by test/api/fuzz.test.ts (a bounded run in `npm test`) and bench/fuzz/run.ts (the full
 * run, 10,000+ requests, `npm run bench:fuzz`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import type { TestApp } from './app.ts';
import { assignedBooking, openDispute, postMessage } from './chat-fixtures.ts';
import { createOwner, createProvider, PNG_1PX, type Owner } from './booking-fixtures.ts';
import { createUser, openSession, type TestUser } from './factories.ts';

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};
type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
export type Operation = {
  method: string;
  /** The documented path, `/api/booking/{id}`. */
  path: string;
  params: Param[];
  body?: Schema;
  /** Takes multipart/form-data (file uploads), alone or beside JSON. */
  multipart: boolean;
};

export const ROLES = [
  'anonymous',
  'owner',
  'provider',
  'another owner',
  'another provider',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** Routes that read multipart/form-data in their handler (the document has no body schema). */
const MULTIPART = new Set([
  'PUT /api/user/update-profile',
  'POST /api/pets',
  'PUT /api/pets/{petId}',
  'POST /api/kyc',
  'POST /api/dispute/',
  'PUT /api/booking/accept/{id}',
]);

/**
 * The environment for a fuzzed app: a stub web build, so that a path which leaves /api (e.g.
 * `/api/x/../../etc`) gets the SPA's page as in production rather than the dev-only
 * "web app is not built" 503.
 */
export function fuzzEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-fuzz-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Pawsy</title><!--pawsy-config-->',
  );
  return { WEB_DIST: dir };
}

/** Every operation of the document. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart:
          MULTIPART.has(`${method.toUpperCase()} ${path}`) || 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

/** The people and records the fuzzer aims at: real ids of every role's own things. */
export type Fixtures = {
  actors: Record<Exclude<Role, 'anonymous'>, TestUser>;
  /** Real record ids of all kinds (users, pets, bookings, messages, …). */
  ids: string[];
};

export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const owner: Owner = await createOwner(t.app);
  const anotherOwner: Owner = await createOwner(t.app);
  const provider = await createProvider(t.app);
  const anotherProvider = await createProvider(t.app);
  const admin = await createUser(t.app, { user_type: 'admin' });
  const ids = [
    owner.id,
    anotherOwner.id,
    provider.id,
    anotherProvider.id,
    admin.id,
    ...owner.petIds,
    ...anotherOwner.petIds,
  ];
  const bookingId = await assignedBooking(t, owner, provider);
  const message = await postMessage(t, owner, bookingId, 'hello');
  await openDispute(t.app, bookingId, owner.id);
  const other = await assignedBooking(t, anotherOwner, anotherProvider);
  const rows = await t.app.db.selectFrom('disputes').select('id').execute();
  ids.push(bookingId, other, message._id, ...rows.map((r) => r.id));
  return {
    actors: {
      owner,
      provider,
      'another owner': anotherOwner,
      'another provider': anotherProvider,
      admin,
    },
    ids,
  };
}

/** Fresh sessions for every actor (a fuzzed logout or password change may have ended one). */
export async function refreshSessions(t: TestApp, fixtures: Fixtures): Promise<void> {
  for (const user of Object.values(fixtures.actors)) {
    user.token = await openSession(t.app, {
      id: user.id,
      email: user.email,
      user_type: user.userType,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Values

const HUGE = 'x'.repeat(100_000);
const EVIL_STRINGS = [
  '',
  ' ',
  HUGE,
  '\u0000',
  'a\u0000b',
  '\uD800',
  '😀🐶'.repeat(50),
  '\u202Eevil',
  'Ω≈ç√∫',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '/etc/passwd',
  "' OR '1'='1",
  '1; drop table users --',
  '" or ""="',
  "'); --",
  '%',
  '%00',
  '{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  '[]',
  '{}',
  '0000000000000000000000000',
  'ffffffffffffffffffffffff',
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '2026-02-30T25:61:00Z',
  '0000-01-01T00:00:00.000Z',
  '275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
];
const EVIL_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_VALUE,
];

const evilString = fc.constantFrom(...EVIL_STRINGS);
/** Short text a schema's length limits let through, hostile to storage, search and display. */
const hostileText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  "O'Brien'; --",
  '100% _off_ \\',
  '%_%',
  '\uD83D',
  '😀🐶',
  '\u202Eevil',
  'e\u0301',
  '../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '  padded  ',
  'İstanbul ß ǅ',
);
const evilNumber = fc.oneof(
  fc.constantFrom(...EVIL_NUMBERS),
  fc.double({ noNaN: false }),
  fc.integer(),
);
/** JSON nested `depth` deep. */
const deep = (depth: number) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  evilString,
  evilNumber,
  fc.constantFrom(null, true, false, [], {}, [null], deep(200), { $gt: '' }, ['a', 'b']),
  fc.string(),
  fc.string({ unit: 'binary' }),
);

const isoDate = fc
  .integer({ min: -400, max: 2000 })
  .map((h) => new Date(Date.now() + h * 3600_000).toISOString());

/** A value close to what the schema accepts (so that the request gets past the first check). */
function validish(schema: Schema | undefined, fx: Fixtures, depth: number): fc.Arbitrary<unknown> {
  if (!schema) return evilValue;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => validish(s, fx, depth)));
  switch (schema.type) {
    case 'string': {
      if (schema.pattern?.includes('a-f0-9')) return idValue(fx);
      if (schema.format === 'email') return fc.emailAddress();
      const max = Math.min(schema.maxLength ?? 40, 200);
      return fc.oneof(
        isoDate,
        fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }),
        fc.constantFrom(
          'Dog walking',
          'Boarding',
          'Pet sitting',
          'Lisbon',
          'dog',
          'Correct-Horse-42',
        ),
      );
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1000, -1e6);
      const max = Math.min(schema.maximum ?? 1e6, 1e6);
      return schema.type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(value(schema.items, fx, depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 4 ? fc.constant({}) : objectValue(schema, fx, depth + 1);
    default:
      return evilValue;
  }
}

/** A value from the schema, often bent or broken. */
function value(schema: Schema | undefined, fx: Fixtures, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validish(schema, fx, depth) },
    { weight: 2, arbitrary: evilValue },
  );
}

/** Plausible values for well-known field names, so that requests reach the services' rules. */
function hinted(name: string, fx: Fixtures): fc.Arbitrary<unknown> | null {
  if (/date$/i.test(name) || /^(start|end|from|to|until)/i.test(name)) return isoDate;
  if (name === 'service')
    return fc.constantFrom('Dog walking', 'Boarding', 'Pet sitting', 'Swimming');
  if (/email/i.test(name))
    return fc.oneof(
      fc.constantFrom(...Object.values(fx.actors).map((a) => a.email)),
      fc.emailAddress(),
    );
  if (/password/i.test(name))
    return fc.constantFrom('Correct-Horse-42', 'short', 'Another-Horse-43');
  return null;
}

/**
 * An object of the schema's properties. Most often valid but for one field (broken, of the
 * wrong type, or missing), sometimes broken all over, sometimes with an extra field.
 */
function objectValue(schema: Schema, fx: Fixtures, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, s]) =>
    fc.tuple(
      fc.constant(name),
      hinted(name, fx) ?? validish(s, fx, depth),
      required.has(name) ? fc.constant(true) : fc.boolean(),
      value(s, fx, depth),
    ),
  );
  const mutation = fc.oneof(
    { weight: 2, arbitrary: fc.constant<'none' | 'all'>('none') },
    { weight: 1, arbitrary: fc.constant<'none' | 'all'>('all') },
    {
      weight: 4,
      arbitrary: fc.record({ at: fc.nat(), drop: fc.boolean(), v: evilValue }),
    },
    {
      // A string field gets short text that passes length limits but is hostile to storage,
      // search and display.
      weight: 3,
      arbitrary: fc.record({ text: fc.nat(), v: hostileText }),
    },
  );
  const extra = fc.option(
    fc.tuple(
      fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'user_type', ''),
      evilValue,
    ),
    { freq: 4, nil: null },
  );
  return fc.tuple(fc.tuple(...fields), mutation, extra).map(([pairs, how, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, good, include, bent] of pairs) {
      if (how === 'all') {
        if (include) out[k] = bent;
      } else if (include) out[k] = good;
    }
    if (typeof how === 'object' && 'text' in how) {
      const strings = props.filter(([, ps]) => ps.type === 'string');
      const target = strings[how.text % Math.max(strings.length, 1)];
      if (target) out[target[0]] = how.v;
    } else if (typeof how === 'object' && pairs.length) {
      const key = pairs[how.at % pairs.length]![0];
      if (how.drop) delete out[key];
      else out[key] = how.v;
    }
    if (more) Object.defineProperty(out, more[0], { value: more[1], enumerable: true });
    return out;
  });
}

/** An id: a real record (maybe someone else's), a well-formed id of nothing, or junk. */
function idValue(fx: Fixtures): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fx.ids) },
    { weight: 1, arbitrary: fc.constant('0123456789abcdef01234567') },
    { weight: 2, arbitrary: evilString },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

export type FuzzRequest = {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of malformation this request carries (for the report). */
  kind: string;
};

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD rather than a URIError). */
const enc = (v: unknown) =>
  [...Buffer.from(typeof v === 'string' ? v : String(JSON.stringify(v)), 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

function pathArb(op: Operation, fx: Fixtures): fc.Arbitrary<string> {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  if (names.length === 0) return fc.constant(op.path);
  const segment = fc.oneof(
    { weight: 5, arbitrary: idValue(fx).map(enc) },
    { weight: 1, arbitrary: fc.constantFrom('%', '..', '%2e%2e%2f', '%00', 'a%ZZ', '%E0%A4%A') },
    { weight: 1, arbitrary: evilValue.map(enc) },
  );
  return fc
    .tuple(...names.map(() => segment))
    .map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i]!), op.path));
}

function queryArb(op: Operation, fx: Fixtures): fc.Arbitrary<string> {
  const params = op.params.filter((p) => p.in === 'query');
  const pair = (name: string, s: Schema | undefined) =>
    fc.option(
      value(s, fx).map((v) => `${enc(name)}=${enc(v)}`),
      {
        freq: 3,
        nil: '',
      },
    );
  const extras = fc.constantFrom(
    '',
    '',
    'page=1&page=2',
    'limit=1&limit=abc',
    'page[]=1',
    'page[a]=1',
    'a=%',
    '__proto__[x]=1',
    'constructor=1',
    `q=${'a'.repeat(20_000)}`,
    '&&&=&',
  );
  return fc
    .tuple(fc.tuple(...params.map((p) => pair(p.name, p.schema))), extras, fc.boolean())
    .map(([pairs, extra, dup]) => {
      const parts = pairs.filter(Boolean);
      if (dup && parts[0]) parts.push(parts[0]);
      if (extra) parts.push(extra);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

type Body = { kind: string; payload?: string | Buffer; contentType?: string };

function jsonBodyArb(op: Operation, fx: Fixtures): fc.Arbitrary<Body> {
  const schema = op.body ?? { type: 'object', properties: {} };
  const json = (kind: string, v: unknown): Body => ({
    kind,
    payload: JSON.stringify(v),
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: 8, arbitrary: objectValue(schema, fx, 0).map((v) => json('json body', v)) },
    { weight: 1, arbitrary: evilValue.map((v) => json('json scalar/array body', v)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":',
          '[1,',
          'nul',
          '{"a":1}}',
          "{'a':1}",
          '\u0000',
          '{"a":"\\u00"}',
          '',
        )
        .map((p): Body => ({
          kind: 'malformed json',
          payload: p,
          contentType: 'application/json',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(2_000, 20_000).map((depth): Body => ({
        kind: 'deep json',
        payload: '['.repeat(depth) + ']'.repeat(depth),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        kind: 'body over the limit',
        payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
        contentType: 'application/json',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        {
          kind: 'wrong content type',
          payload: 'a=1&b=2',
          contentType: 'application/x-www-form-urlencoded',
        },
        { kind: 'wrong content type', payload: '<a>1</a>', contentType: 'application/xml' },
        { kind: 'wrong content type', payload: '{"a":1}', contentType: 'text/plain' },
        {
          kind: 'wrong content type',
          payload: '{"a":1}',
          contentType: 'application/json; charset=latin1',
        },
        { kind: 'wrong content type', payload: '{"a":1}', contentType: 'json' },
        { kind: 'no body', contentType: 'application/json' },
        { kind: 'no body' },
      ),
    },
  );
}

const crlf = '\r\n';
/** A multipart body: fields from the evil pool, files of every shape, or a broken envelope. */
function multipartArb(fx: Fixtures): fc.Arbitrary<Body> {
  const boundary = 'fuzzboundary42';
  const field = fc.tuple(
    fc.constantFrom(
      'name',
      'species',
      'firstName',
      'bookingId',
      'reason',
      'description',
      'text',
      'userId',
      'status',
      'note',
      'decision',
      'email',
      'x',
    ),
    fc.oneof(evilString, idValue(fx), fc.string()),
  );
  const file = fc.tuple(
    fc.constantFrom('photo', 'image', 'documents', 'evidence', 'profileImage', 'file'),
    fc.constantFrom(
      { type: 'image/png', data: PNG_1PX },
      { type: 'image/png', data: Buffer.from('not a png at all') },
      { type: 'application/pdf', data: Buffer.from('%PDF-1.4 broken') },
      { type: 'text/html', data: Buffer.from('<html></html>') },
      { type: 'image/jpeg', data: Buffer.alloc(0) },
      { type: 'image/png', data: Buffer.alloc(11 * 1024 * 1024, 1) },
      { type: 'image/png', data: Buffer.concat([PNG_1PX, Buffer.alloc(100_000)]) },
    ),
    fc.constantFrom('a.png', '../../etc/passwd', '', 'x'.repeat(500), 'a\u0000.png', '😀.pdf'),
  );
  const part = (name: string, extra: string, data: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}${crlf}Content-Disposition: form-data; name="${name}"${extra}${crlf}`,
      ),
      Buffer.from(extra ? `Content-Type: application/octet-stream${crlf}${crlf}` : crlf),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from(crlf),
    ]);
  const wellFormed = fc
    .tuple(fc.array(field, { maxLength: 6 }), fc.array(file, { maxLength: 7 }), fc.boolean())
    .map(([fields, files, manyFields]): Body => {
      const parts = fields.map(([n, v]) => part(n, '', v));
      if (manyFields) for (let i = 0; i < 80; i++) parts.push(part(`f${i}`, '', 'v'));
      for (const [n, f, filename] of files) {
        parts.push(
          Buffer.concat([
            Buffer.from(
              `--${boundary}${crlf}Content-Disposition: form-data; name="${n}"; filename="${filename}"${crlf}Content-Type: ${f.type}${crlf}${crlf}`,
            ),
            f.data,
            Buffer.from(crlf),
          ]),
        );
      }
      parts.push(Buffer.from(`--${boundary}--${crlf}`));
      return {
        kind: files.length ? 'multipart with files' : 'multipart fields',
        payload: Buffer.concat(parts),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    });
  const broken = fc.constantFrom<Body>(
    {
      kind: 'broken multipart',
      payload: `--${boundary}${crlf}garbage`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { kind: 'broken multipart', payload: 'no boundary here', contentType: 'multipart/form-data' },
    {
      kind: 'broken multipart',
      payload: `--other${crlf}${crlf}--other--`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      kind: 'broken multipart',
      payload: '',
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      kind: 'broken multipart',
      payload: `--${boundary}${crlf}Content-Disposition: form-data; name="x"; filename="a.png"${crlf}Content-Type: image/png${crlf}${crlf}${'\u0000'.repeat(10)}`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
  );
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: broken });
}

/** Requests for one operation and one role. */
export function requestArb(op: Operation, role: Role, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  const bodyArb: fc.Arbitrary<Body> = op.multipart
    ? fc.oneof(
        { weight: 3, arbitrary: multipartArb(fx) },
        { weight: 1, arbitrary: jsonBodyArb(op, fx) },
      )
    : takesBody
      ? fc.oneof(
          { weight: 6, arbitrary: jsonBodyArb(op, fx) },
          { weight: 1, arbitrary: multipartArb(fx) },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant<Body>({ kind: 'no body' }) },
          { weight: 1, arbitrary: jsonBodyArb(op, fx) },
        );
  const extraHeaders = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'content-encoding': 'gzip' },
        { 'content-encoding': 'deflate' },
        { 'content-encoding': 'br' },
        { 'content-encoding': 'compress' },
        { 'content-encoding': 'gzip, gzip' },
        { 'accept-encoding': 'gzip;q=x, *;q=-1' },
        { accept: 'text/html' },
        { accept: 'application/xml' },
        { 'x-request-id': 'x'.repeat(10_000) },
        { 'x-auth-token': 'x'.repeat(10_000) },
        { 'x-auth-token': 'Bearer ' },
        { 'secret-key': 'x'.repeat(10_000) },
        { 'x-forwarded-for': 'not-an-ip, ::1, 999.1.1.1' },
        { 'x-forwarded-host': 'evil.test' },
        { 'content-type': 'application/json; charset=utf-16' },
        { 'content-type': 'multipart/form-data; boundary=' },
        { 'content-type': 'multipart/form-data; boundary=' + 'b'.repeat(200) },
        { 'content-type': 'application/json, text/plain' },
        { range: 'bytes=-1-2' },
        { 'if-none-match': '*' },
      ),
    },
  );
  const auth = fc.constantFrom(
    'normal',
    'normal',
    'normal',
    'normal',
    'normal',
    'bad token',
    'no secret key',
  );
  return fc
    .tuple(pathArb(op, fx), queryArb(op, fx), bodyArb, auth, extraHeaders)
    .map(([path, query, body, authMode, extra]) => {
      const headers: Record<string, string> = {};
      if (body.contentType) headers['content-type'] = body.contentType;
      if (authMode !== 'no secret key') headers['secret-key'] = SECRET;
      if (authMode === 'bad token') headers['x-auth-token'] = 'eyJhbGciOiJIUzI1NiJ9.e30.bad';
      else if (role !== 'anonymous') headers['x-auth-token'] = fx.actors[role].token;
      Object.assign(headers, extra);
      const extraKind = Object.keys(extra).length ? `, header ${Object.keys(extra).join(',')}` : '';
      return {
        role,
        method: op.method,
        url: path + query,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        kind: (authMode === 'normal' ? body.kind : `${body.kind}, ${authMode}`) + extraKind,
      };
    });
}

let SECRET = '';

// ---------------------------------------------------------------------------------------------
// Checks

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at \S|\bat (?:async )?\S+ \([^)]*:\d+:\d+\)/],
  ['source position', /\.(?:ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['SQL text', /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b \S+ \bSET\b|\bDELETE FROM\b/],
  [
    'SQL engine',
    /sqlite|SQLITE_|postgres|pg_catalog|syntax error|violates|constraint failed|no such (?:table|column)|duplicate key|relation "/i,
  ],
  ['internal path', /\/work\/|\/home\/|\/tmp\/|\/usr\/|apps\/api\/src|file:\/\//],
];

/** What is wrong with an answer (empty when it is fine). */
export function problemsOf(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    let message: unknown;
    try {
      message = (JSON.parse(res.body) as { message?: unknown }).message;
    } catch {
      problems.push(`${res.statusCode} body is not JSON (${type})`);
    }
    if (!type.includes('application/json')) problems.push(`${res.statusCode} content-type ${type}`);
    else if (typeof message !== 'string' || !message.trim())
      problems.push(`${res.statusCode} without a message`);
  }
  // Bodies may echo the request (a 404 names the URL): only the first 4 kB are searched for leaks.
  const text = res.body.slice(0, 4096);
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`body shows ${what}`);
  return problems;
}

export type Finding = { request: FuzzRequest; status: number; problems: string[]; body: string };
export type FuzzResult = {
  seed: number;
  requests: number;
  byStatusClass: Record<string, number>;
  byStatus: Record<number, number>;
  operations: number;
  operationsCovered: Set<string>;
  roles: Set<Role>;
  findings: Finding[];
};

/**
 * Sends `perPair` requests for every (operation, role) pair, drawn with `seed`, and collects the
 * answers. Deterministic for one seed and one document.
 */
export async function runFuzz(
  t: TestApp,
  fx: Fixtures,
  opts: { seed: number; perPair: number; secretKey: string; onProgress?: (done: number) => void },
): Promise<FuzzResult> {
  SECRET = opts.secretKey;
  const ops = operationsOf(t.app);
  const result: FuzzResult = {
    seed: opts.seed,
    requests: 0,
    byStatusClass: {},
    byStatus: {},
    operations: ops.length,
    operationsCovered: new Set(),
    roles: new Set(),
    findings: [],
  };
  let pairIndex = 0;
  for (const op of ops) {
    await refreshSessions(t, fx);
    for (const role of ROLES) {
      const requests = fc.sample(requestArb(op, role, fx), {
        seed: opts.seed + pairIndex++,
        numRuns: opts.perPair,
      });
      for (const req of requests) {
        const res = await send(t.app, req);
        result.requests += 1;
        result.operationsCovered.add(`${op.method} ${op.path}`);
        result.roles.add(role);
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        result.byStatusClass[cls] = (result.byStatusClass[cls] ?? 0) + 1;
        result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
        const problems = problemsOf(res);
        if (problems.length)
          result.findings.push({
            request: req,
            status: res.statusCode,
            problems,
            body: res.body.slice(0, 500),
          });
        opts.onProgress?.(result.requests);
      }
    }
  }
  return result;
}

async function send(app: FastifyInstance, req: FuzzRequest): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LightMyRequestResponse>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          statusCode: 599,
          body: '{"message":"no answer within 15 s"}',
          headers: { 'content-type': 'application/json' },
        } as unknown as LightMyRequestResponse),
      15_000,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: req.method as InjectOptions['method'],
        url: req.url,
        headers: req.headers,
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One line per finding, short enough to read: role, method, url, kind, status, problems. */
export function describeFinding(f: Finding): string {
  const url = f.request.url.length > 160 ? `${f.request.url.slice(0, 160)}…` : f.request.url;
  return `${f.request.role} ${f.request.method} ${url} [${f.request.kind}] → ${f.status}: ${f.problems.join('; ')} ${f.body.slice(0, 200)}`;
}
