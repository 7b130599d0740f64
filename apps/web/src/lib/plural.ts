/** A count with its noun, singular for one: `countOf(1, 'member')` → "1 member", 2 → "2 members". */
export const countOf = (count: number, word: string, plural = `${word}s`) =>
  `${count} ${count === 1 ? word : plural}`;
