import { describe, expect, it } from 'vitest';
import { takesSpecies } from './pets.ts';

describe('takesSpecies', () => {
  it('takes any pet when the sitter names no kind', () => {
    expect(takesSpecies([], 'reptile')).toBe(true);
  });
  it('takes a species that one named kind names, in any case', () => {
    expect(takesSpecies(['Dogs', 'Cats'], 'cat')).toBe(true);
    expect(takesSpecies(['SMALL MAMMALS'], 'small mammal')).toBe(true);
  });
  it('refuses a species no named kind names', () => {
    expect(takesSpecies(['Dogs'], 'cat')).toBe(false);
    expect(takesSpecies(['Birds', 'Fish'], 'dog')).toBe(false);
  });
});
