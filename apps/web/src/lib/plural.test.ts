import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(countOf(1, 'member')).toBe('1 member');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(2, 'record')).toBe('2 records');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
  });
});
