/** Whole requests for one operation and role: path, query, body, auth and extra headers. */
import fc from 'fast-check';
import { jsonBodyArb, multipartArb, type Body } from './bodies.ts';
import type { Fixtures } from './fixtures.ts';
import type { Operation, Role, Schema } from './operations.ts';
import { evilValue, idValue, value } from './values.ts';

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

/** The secret key every request carries (unless it tests its absence); set by runFuzz. */
export function setSecretKey(key: string): void {
  SECRET = key;
}
