// Built once: a segmenter is costly to create and every avatar asks for initials.
let graphemes: Intl.Segmenter | null = null;

/**
 * The first character a reader sees: a whole grapheme ("🐶", "👩‍👩‍👧", "é" typed as e + accent)
 * where the browser segments text, else the first code point. charAt(0) took half an emoji's
 * surrogate pair and showed "�".
 */
function firstCharacter(word: string): string {
  if (typeof Intl.Segmenter === 'function') {
    graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const { segment } of graphemes.segment(word)) return segment;
    return '';
  }
  return Array.from(word)[0] ?? '';
}

/**
 * A person's initials as every avatar shows them: the first letter of the first two words of
 * their name ("Sally Sitterton" → "SS"), or "?" for no name.
 */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => firstCharacter(part).toUpperCase())
      .join('') || '?'
  );
}
