import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedPageQuery,
  isIsoInstant,
  isoInstant,
  MAX_PAGE_OFFSET,
  PAGE_BOUND_MESSAGE,
  pagingQuery,
  queryParam,
  toPageMeta,
  trimmedText,
  trimText,
  wholeNumber,
} from './common.ts';

describe('paging', () => {
  it('derives totalPages and hasMore from the total', () => {
    expect(toPageMeta(1, 15, 31)).toEqual({
      page: 1,
      limit: 15,
      total: 31,
      totalPages: 3,
      hasMore: true,
    });
    expect(toPageMeta(3, 15, 31)).toMatchObject({ totalPages: 3, hasMore: false });
    expect(toPageMeta(1, 15, 0)).toMatchObject({ totalPages: 0, hasMore: false });
  });
  it('clamps limit to 100, takes the defaults when left out or empty, refuses the rest', () => {
    const q = pagingQuery(15);
    expect(q.parse({ page: '2', limit: '500' })).toEqual({ page: 2, limit: 100 });
    expect(q.parse({})).toEqual({ page: 1, limit: 15 });
    expect(q.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 15 });
    const issues = (query: Record<string, unknown>) =>
      q.safeParse(query).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ page: 'x', limit: '-3' })).toEqual([
      'page: page must be a whole number from 1',
      'limit: limit must be a whole number from 1',
    ]);
    expect(issues({ page: '0' })).toEqual(['page: page must be a whole number from 1']);
    expect(issues({ limit: '2.5' })).toEqual(['limit: limit must be a whole number from 1']);
  });
});

describe('bounded paging', () => {
  it('refuses page × limit above MAX_PAGE_OFFSET on page, keeping the list fields', () => {
    const q = boundedPageQuery(20, { status: z.string().optional() });
    expect(q.parse({ page: '100', limit: '100', status: 'x' })).toEqual({
      page: 100,
      limit: 100,
      status: 'x',
    });
    const bad = q.safeParse({ page: '101', limit: '100' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['page'], message: PAGE_BOUND_MESSAGE });
    expect(PAGE_BOUND_MESSAGE).toBe('page × limit must not exceed 10000; narrow the search');
    expect(MAX_PAGE_OFFSET).toBe(10_000);
  });

  it("clamps limit to the list's own cap when one is given, and still bounds the page", () => {
    const q = boundedPageQuery(10, {}, 50);
    expect(q.parse({})).toEqual({ page: 1, limit: 10 });
    expect(q.parse({ limit: '80' })).toEqual({ page: 1, limit: 50 });
    expect(q.safeParse({ page: '201', limit: '80' }).success).toBe(false);
    expect(boundedPageQuery(10).parse({ limit: '80' })).toEqual({ page: 1, limit: 80 });
  });
});

describe('ISO 8601 dates (isIsoInstant)', () => {
  it.each([
    '2026-05-01',
    '2026-02-28',
    '2024-02-29',
    '2026-05-01T10:30Z',
    '2026-05-01T10:30:00Z',
    '2026-05-01T23:59:59.999Z',
    '2026-05-01T10:30:00+02:00',
    '2026-05-01T10:30:00-0530',
    '2026-05-01T10:30:00',
    '2026-05-01T10:30:00.123456',
  ])('takes %s', (v) => expect(isIsoInstant(v)).toBe(true));

  it.each([
    '1',
    '2001',
    'May 1, 2026',
    '2026-5-1',
    '2026-02-31',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-05-01T24:00:00Z',
    '2026-05-01T10:60Z',
    '2026-05-01 10:30:00Z',
    '2026-05-01T10:30:00+25:00',
    '',
  ])('refuses %j', (v) => expect(isIsoInstant(v)).toBe(false));

  it('answers its message for a value that is not one', () => {
    const schema = isoInstant('Must be a date (ISO 8601)');
    expect(schema.safeParse(' 2026-05-01 ').data).toBe('2026-05-01');
    expect(schema.safeParse('1').error?.issues[0]?.message).toBe('Must be a date (ISO 8601)');
    // A naive date-time (as Python's isoformat prints it) is read as UTC on every server.
    expect(schema.parse('2026-05-01T10:30:00.123456')).toBe('2026-05-01T10:30:00.123456Z');
    expect(schema.parse('2026-05-01T10:30:00+02:00')).toBe('2026-05-01T10:30:00+02:00');
  });
});

describe('query parameters', () => {
  it('reads an empty value as left out, and checks any other', () => {
    const q = z.object({
      status: queryParam(z.enum(['a', 'b']).default('a')),
      kind: queryParam(z.enum(['x', 'y']).optional()),
    });
    expect(q.parse({ status: '', kind: '' })).toEqual({ status: 'a', kind: undefined });
    expect(q.parse({})).toEqual({ status: 'a' });
    expect(q.parse({ status: 'b', kind: 'y' })).toEqual({ status: 'b', kind: 'y' });
    expect(q.safeParse({ status: 'c' }).success).toBe(false);
  });
});

describe('whole numbers', () => {
  it('says a value beyond 2^53 is above the maximum, not that it is not whole', () => {
    const n = wholeNumber(z.coerce.number(), {
      whole: 'n must be whole',
      min: [0, 'n must be at least 0'],
      max: [100, 'n must be at most 100'],
    });
    const messages = (v: unknown) => n.safeParse(v).error?.issues.map((i) => i.message);
    expect(messages('99999999999999999')?.[0]).toBe('n must be at most 100');
    expect(messages('-99999999999999999')?.[0]).toBe('n must be at least 0');
    expect(messages('1.5')).toEqual(['n must be whole']);
    expect(n.parse('42')).toBe(42);
  });
});

describe('free text', () => {
  it('trims white space and invisible characters; only invisible ones make it empty', () => {
    expect(trimText('  \u200b\u200b ')).toBe('');
    expect(trimText('\ufeff\u2060\u00ad\u200c\u200d\ufe0f')).toBe('');
    expect(trimText('\u200b hi \u200b')).toBe('hi');
    // A joiner inside an emoji and the variation selector ending one are kept.
    expect(trimText('\u{1F468}\u200d\u{1F469} \u2764\ufe0f')).toBe(
      '\u{1F468}\u200d\u{1F469} \u2764\ufe0f',
    );
    expect(trimmedText().min(1).safeParse('\u200b').success).toBe(false);
  });

  it('drops direction overrides and isolates inside a text, keeping the marks and RTL text', () => {
    expect(trimText('Trusted walker \u202eredlaer ton')).toBe('Trusted walker redlaer ton');
    expect(trimText('a\u2066b\u2069c\u202cd')).toBe('abcd');
    expect(trimText('שלום \u200fworld')).toBe('שלום \u200fworld');
  });

  it('drops control characters and halves of characters; tabs, line breaks and emoji stay', () => {
    expect(trimText('a\u0007b\u001bc\u007fd\u0085e')).toBe('abcde');
    expect(trimText('x\ud800y\udc00z')).toBe('xyz');
    expect(trimText('line one\n\tline two\r\nend \u{1F436}')).toBe(
      'line one\n\tline two\r\nend \u{1F436}',
    );
    // 2000 halves are nothing, not 6000 replacement characters.
    expect(trimmedText().min(1).safeParse('\ud800'.repeat(2000)).success).toBe(false);
  });

  it('reads a text of blank Braille cells as empty, and trims them at the ends', () => {
    expect(trimText('\u2800\u2800')).toBe('');
    expect(trimText('\u2800hi\u2800')).toBe('hi');
  });

  it('cuts stacks of combining marks to four on a letter; real accents and emoji are kept', () => {
    const zalgo = 'S' + '\u0301\u0300\u0302\u0303\u0304\u0306\u0307\u0308'.repeat(10) + 'am';
    expect(trimText(zalgo)).toBe('S\u0301\u0300\u0302\u0303am');
    for (const kept of [
      'Nguyễn',
      'ক্ষ',
      'Ω\u0308\u0301',
      '1\ufe0f\u20e3',
      'e\u0301\u0302\u0303\u0304',
    ])
      expect(trimText(kept)).toBe(kept);
  });
});
