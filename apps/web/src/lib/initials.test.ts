import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the first letter of the first two words, or "?" for no name', () => {
    expect(initialsOf('Sally Sitterton')).toBe('SS');
    expect(initialsOf('maya lopez rivera')).toBe('ML');
    expect(initialsOf('  ')).toBe('?');
  });

  it('keeps an emoji whole, never half of its surrogate pair', () => {
    expect(initialsOf('Zoë 🐶')).toBe('Z🐶');
    expect(initialsOf('🐶 Rex')).toBe('🐶R');
  });

  it('takes whole graphemes: a family emoji, a flag, a letter typed with its accent', () => {
    expect(initialsOf('👩‍👩‍👧 Smith')).toBe('👩‍👩‍👧S');
    expect(initialsOf('🇫🇷 Ana')).toBe('🇫🇷A');
    expect(initialsOf('e\u0301lise Roy')).toBe('E\u0301R');
  });

  it('falls back to whole code points where the browser has no Intl.Segmenter', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    expect(initialsOf('Zoë 🐶')).toBe('Z🐶');
    expect(initialsOf('🐶 Rex')).toBe('🐶R');
  });
});
