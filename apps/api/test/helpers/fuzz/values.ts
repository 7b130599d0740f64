/**
 * Value generators (fast-check arbitraries): hostile strings and numbers, values close to what a
 * schema accepts, objects of a schema's fields with one broken, and record ids.
 */
import fc from 'fast-check';
import type { Fixtures } from './fixtures.ts';
import type { Schema } from './operations.ts';

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

export const evilString = fc.constantFrom(...EVIL_STRINGS);
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
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
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
export function value(schema: Schema | undefined, fx: Fixtures, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validish(schema, fx, depth) },
    { weight: 2, arbitrary: evilValue },
  );
}

/** Plausible values for well-known field names, so that requests reach the services' rules. */
function hinted(name: string, fx: Fixtures): fc.Arbitrary<unknown> | null {
  if (/date$/i.test(name) || /^(start|end|from|to|until)/i.test(name)) return isoDate;
  if (name === 'service')
    // Names every JavaScript object inherits reach the rate lookup too (a 500 until 2026-12-06).
    return fc.constantFrom(
      'Dog walking',
      'Boarding',
      'Pet sitting',
      'Swimming',
      'toString',
      '__proto__',
    );
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
export function objectValue(schema: Schema, fx: Fixtures, depth: number): fc.Arbitrary<unknown> {
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
export function idValue(fx: Fixtures): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fx.ids) },
    { weight: 1, arbitrary: fc.constant('0123456789abcdef01234567') },
    { weight: 2, arbitrary: evilString },
  );
}
