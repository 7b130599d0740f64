import { z } from 'zod';

/*
 * The contract's rules for text: what reads as left out, how free text is trimmed, and the one
 * wording of a field's type and bounds. Re-exported by common.ts, which every schema imports.
 */

/**
 * The message of a check that finds a field left out. The API words it "<field> is required" in
 * the message and in `errors` alike (`validationFailure`, apps/api/src/plugins/errors.ts), so a
 * schema says "left out" without having to know its field's name.
 */
export const REQUIRED = 'Required';

/**
 * A value that reads as left out: empty, or only white space and characters that show nothing
 * (`trimText`), as "Text of only invisible characters is empty" rules for free text.
 */
export function isBlank(value: string): boolean {
  return trimText(value) === '';
}

/**
 * Characters that show nothing and mean nothing at either end of a text: white space, zero-width
 * space and (non-)joiners, word joiner, BOM, soft hyphen, direction marks, Hangul fillers, the
 * blank Braille pattern (drawn as an empty cell, so a text of them reads as nothing). Inside
 * a text they stay (a zero-width joiner builds emoji); variation selectors are never cut, as one
 * ends many emoji.
 */
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0';
// eslint-disable-next-line no-misleading-character-class -- U+034F is meant alone, not as a mark
const INVISIBLE_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'g');
const NOTHING_VISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Direction overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069): anywhere in a
 * text they make it show other than it is ("walker \u202Eredlaer ton" reads "walker not
 * realder") or run on into what a page shows after it. Right-to-left text needs none of them (the
 * browser orders it), so they are dropped; the direction marks (LRM, RLM, ALM) stay.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * Control characters other than tab and line breaks (C0, DEL, C1: a bell, an escape, a
 * backspace), which a page shows as boxes or not at all and a terminal obeys; and halves of a
 * character (a lone UTF-16 surrogate), which no database stores as text (SQLite keeps invalid
 * UTF-8 that reads back as three "\uFFFD" each, past the field's bound). Both are dropped. NUL is
 * refused before any schema runs (apps/api/src/plugins/errors.ts) and never gets here.
 */
const CONTROLS_AND_HALVES =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Combining marks stacked past four on one letter ("Zalgo" text) draw over the lines above and
 * below; no script needs more (Vietnamese and Indic letters take two or three), so the rest go.
 */
const STACKED_MARKS = /(\p{M}{4})\p{M}+/gu;

/**
 * Text as typed, trimmed of what shows nothing: a text of only such characters is empty. Inside,
 * control characters, lone surrogates and direction controls are dropped and stacks of combining
 * marks cut to four.
 */
export function trimText(value: string): string {
  const trimmed = value
    .replace(CONTROLS_AND_HALVES, '')
    .replace(DIRECTION_CONTROLS, '')
    .replace(STACKED_MARKS, '$1')
    .replace(INVISIBLE_EDGES, '');
  return NOTHING_VISIBLE.test(trimmed) ? '' : trimmed;
}

/**
 * Free text (names, messages, reasons, notes, comments): trimmed by `trimText`, so a text of
 * zero-width spaces is as empty as one of spaces and `.min(1, '… is required')` refuses both.
 * Every free-text field of the contract starts here, so the rule is one.
 */
export const trimmedText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(trimText);

/**
 * The one wording of a field's type and bounds (DESIGN §4: a message written for a person, never
 * zod's "Too big: expected string to have <=2000 characters"). `field` is as the form names it
 * ("Comment", "reason"); a value left out still reads "<field> is required" (REQUIRED).
 */
export const fieldWords = {
  notA: (field: string, what: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? REQUIRED : `${field} must be ${what}`,
  atMostChars: (field: string, max: number) => `${field} must be at most ${max} characters`,
  atMostItems: (field: string, max: number) => `${field} must have at most ${max} items`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  atMost: (field: string, max: number) => `${field} must be at most ${max}`,
  whole: (field: string) => `${field} must be a whole number`,
};

/**
 * Free text (names, messages, reasons, notes, comments) of at most `max` characters, trimmed by
 * `trimText`: "<Field> must be text", "<Field> must be at most N characters". Every bounded text
 * of the contract is this or `plainText`, so the wording is one.
 */
export const text = (field: string, max: number) =>
  trimmedText({ error: fieldWords.notA(field, 'text') }).max(
    max,
    fieldWords.atMostChars(field, max),
  );

/** A string taken as sent (tokens, return paths, search words), bounded in text's words. */
export const plainText = (field: string, max: number) =>
  z.string({ error: fieldWords.notA(field, 'text') }).max(max, fieldWords.atMostChars(field, max));
