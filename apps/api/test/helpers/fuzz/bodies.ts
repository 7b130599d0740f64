/** Request bodies: JSON (valid-ish, malformed, very deep, too large, mislabelled) and multipart. */
import fc from 'fast-check';
import { PNG_1PX } from '../booking-fixtures.ts';
import type { Fixtures } from './fixtures.ts';
import type { Operation } from './operations.ts';
import { evilString, evilValue, idValue, objectValue } from './values.ts';

export type Body = { kind: string; payload?: string | Buffer; contentType?: string };

export function jsonBodyArb(op: Operation, fx: Fixtures): fc.Arbitrary<Body> {
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
export function multipartArb(fx: Fixtures): fc.Arbitrary<Body> {
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
