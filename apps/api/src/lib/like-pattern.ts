/**
 * A case-insensitive "contains" pattern for SQL LIKE (compare with `lower(column)` and
 * `escape '\'`): the text lower-cased, with `\`, `%` and `_` escaped so they match themselves.
 */
export const likePattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
