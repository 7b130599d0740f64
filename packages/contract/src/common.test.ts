import { describe, expect, it } from 'vitest';
import { pagingQuery, toPageMeta } from './common.ts';

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
  it('clamps limit to 100 and falls back to defaults on bad values', () => {
    const q = pagingQuery(15);
    expect(q.parse({ page: '2', limit: '500' })).toEqual({ page: 2, limit: 100 });
    expect(q.parse({ page: 'x', limit: '-3' })).toEqual({ page: 1, limit: 15 });
    expect(q.parse({})).toEqual({ page: 1, limit: 15 });
  });
});
