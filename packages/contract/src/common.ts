import { z } from 'zod';
import { fieldWords, isBlank, REQUIRED } from './text.ts';

export { fieldWords, isBlank, plainText, REQUIRED, text, trimmedText, trimText } from './text.ts';

/** The one error body every endpoint answers with on failure. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ success: z.boolean().optional(), message: z.string() });

/** A string refused as left out (`message`, REQUIRED unless the spec words it) when blank. */
const present = (message: string = REQUIRED) =>
  z.string().refine((v) => !isBlank(v), { message, abort: true });

/**
 * Opaque 24-hex ids, as issued by the API: a reference in a body that is not one is bad input,
 * and one that is blank (`bookingId=%20`) is left out: "<field> is required".
 */
export const id = present().regex(/^[a-f0-9]{24}$/, 'Invalid id');
/**
 * An id in a path (`/api/booking/{id}`). Ids are opaque (DESIGN §3), so a path segment that is not
 * one the API issued (`nonexistent`, a UUID) names a record that does not exist: it is looked up
 * like any other and the route answers its own 404 (DESIGN §4), never a 400 about its shape. One
 * left empty (`/api/pets/user/`) or blank is left out: "<param> is required", or `required` where
 * the spec words it for that call. The bound is the router's own (maxParamLength 200); NUL is
 * refused before lookup for every field.
 */
export const pathIdOr = (required?: string) =>
  present(required).max(200, 'An id is at most 200 characters');
export const pathId = pathIdOr();
export const idParams = z.object({ id: pathId });
/** An id a service requires with its own message: left empty or blank reads as left out. */
export const idOrEmpty = z
  .string()
  .overwrite((v) => (isBlank(v) ? '' : v))
  .pipe(id.or(z.literal('')));

/**
 * A query-string value where empty means left out (`?status=` is `status` not given, so the
 * filter's default applies). `schema` says what left out means (`.optional()`, `.default(…)`).
 * Every optional query parameter goes through this, so the rule is one mechanism. The input type
 * stays the schema's: a typed client sends a value or nothing.
 */
export function queryParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: z.input<T>) => (v === '' ? undefined : v), schema);
}

/**
 * A body field where null means left out (clients that fill every optional field with null):
 * `schema` says what left out means. The documented type stays the schema's, as for queryParam.
 */
export function nullAsLeftOut<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: z.input<T>) => (v === null ? undefined : v), schema);
}

/**
 * A query-string count from 1 (`page`, `limit`): `fallback` when left out or empty, a 400 naming
 * the field when it is not a whole number from 1, and at most `clampTo` when given (larger values
 * are brought down to it, as DESIGN §4 clamps `limit`).
 */
export function countParam(field: string, fallback: number, clampTo?: number) {
  const message = `${field} must be a whole number from 1`;
  return queryParam(
    z.coerce.number({ error: message }).int(message).min(1, message).optional(),
  ).transform((n) => Math.min(n ?? fallback, clampTo ?? Infinity));
}

/** Query-string page/limit: page from 1, limit clamped to at most `maxLimit` (100 unless given). */
export function pagingQuery(defaultLimit: number, maxLimit = 100) {
  return z.object({
    page: countParam('page', 1),
    limit: countParam('limit', defaultLimit, maxLimit),
  });
}

/**
 * The most rows a paged list may skip: deep OFFSET pages cost the database a scan of every row
 * before them, so `page × limit` beyond this is refused (narrow the filter instead).
 */
export const MAX_PAGE_OFFSET = 10_000;
export const PAGE_BOUND_MESSAGE = `page × limit must not exceed ${MAX_PAGE_OFFSET}; narrow the search`;

/** Whether a page stays within MAX_PAGE_OFFSET (for lists whose paging is not a query string). */
export const withinPageBound = (page: number, limit: number): boolean =>
  page * limit <= MAX_PAGE_OFFSET;

/**
 * pagingQuery plus the list's own fields, refusing `page × limit` above MAX_PAGE_OFFSET with a 400
 * on `page`. Every paged list uses this, so the bound is one rule everywhere.
 */
export function boundedPageQuery<S extends z.ZodRawShape>(
  defaultLimit: number,
  shape?: S,
  maxLimit?: number,
) {
  return pagingQuery(defaultLimit, maxLimit)
    .extend(shape ?? ({} as S))
    .superRefine((q, ctx) => {
      const { page, limit } = q as { page: number; limit: number };
      if (!withinPageBound(page, limit))
        ctx.addIssue({ code: 'custom', path: ['page'], message: PAGE_BOUND_MESSAGE });
    });
}

/**
 * A whole number within bounds, each refusal with its own message. zod's int check also refuses an
 * integer beyond 2^53 (as too big or too small), which would read "must be a whole number" for
 * 99999999999999999; here that refusal takes the bound's message, and the bounds come first.
 */
export function wholeNumber<T extends z.ZodNumber | z.ZodCoercedNumber>(
  base: T,
  rules: { whole: string; min?: [number, string]; max?: [number, string] },
): T {
  let schema = base;
  if (rules.min) schema = schema.min(...rules.min) as T;
  if (rules.max) schema = schema.max(...rules.max) as T;
  return schema.int({
    error: (issue) =>
      (issue.code === 'too_big' && rules.max?.[1]) ||
      (issue.code === 'too_small' && rules.min?.[1]) ||
      rules.whole,
  }) as T;
}

export const isoDateTime = z.string();

/**
 * ISO 8601 as the wire takes it: a calendar date (`2026-05-01`, a whole UTC day) or a date-time
 * (`2026-05-01T10:30Z`, `…:00.000Z`, `…+02:00`; without a zone it is read as UTC, see isoInstant).
 * Date.parse alone also takes "1" (2001), "May 1" or "2026-02-31" (March 3rd), so every part is
 * checked to exist.
 */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , zoneHours, zoneMinutes] = m
    .slice(1)
    .map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const isRealDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return (
    isRealDay &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    zoneHours < 15 &&
    zoneMinutes < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A date-time without a zone: clients that print naive times (Python's isoformat) send them. */
const ZONELESS_TIME = /T[\d:.]+$/;

/**
 * A string that must be an ISO 8601 date or date-time (isIsoInstant), with `message`. A date-time
 * without a zone is taken as UTC (a `Z` is added), so it means the same on every server.
 */
export const isoInstant = (message = 'Must be a date (ISO 8601)') =>
  z
    .string()
    .trim()
    .max(40, message)
    .refine(isIsoInstant, message)
    .transform((v) => (ZONELESS_TIME.test(v) ? `${v}Z` : v));

/**
 * Optional on an admin's edit of a shared record (a coupon, a package): the record's `updatedAt`
 * as the admin's screen read it. Another admin's save since then makes the edit a 409 instead of
 * silently overwriting that save.
 */
export const seenUpdatedAt = isoInstant("updatedAt must be the record's updatedAt as you read it");

/**
 * The base of every user object on the wire (DESIGN §3): `_id` and `id` carry the same value.
 * Cards, parties, authors and profiles extend it, so the rule lives here.
 */
export const userRef = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type UserRef = z.infer<typeof userRef>;

/** The id pair a user object carries: `_id`, repeated as `id`. */
export const toUserIds = (userId: string): Pick<UserRef, '_id' | 'id'> => ({
  _id: userId,
  id: userId,
});

/** A number, refused in words naming `field` when it is not one ("5", NaN). */
export const numberOf = (field: string) => z.number({ error: fieldWords.notA(field, 'a number') });

/**
 * A number from `min` to `max` ("<field> must be at least/at most N", "<field> must be a number"),
 * whole unless `whole: false`; `coerce` for query strings and multipart fields.
 */
type BoundedOptions = { whole?: boolean; coerce?: boolean };
export function bounded(
  field: string,
  min: number,
  max: number,
  options?: BoundedOptions & { coerce?: false },
): z.ZodNumber;
export function bounded(
  field: string,
  min: number,
  max: number,
  options: BoundedOptions & { coerce: true },
): z.ZodCoercedNumber;
export function bounded(
  field: string,
  min: number,
  max: number,
  { whole = true, coerce = false }: BoundedOptions = {},
): z.ZodNumber | z.ZodCoercedNumber {
  const error = fieldWords.notA(field, 'a number');
  const base = coerce ? z.coerce.number({ error }) : z.number({ error });
  const bounds = {
    min: [min, fieldWords.atLeast(field, min)] as [number, string],
    max: [max, fieldWords.atMost(field, max)] as [number, string],
  };
  if (!whole) return base.min(...bounds.min).max(...bounds.max);
  return wholeNumber(base, { whole: fieldWords.whole(field), ...bounds });
}

/** Paging fields of a list answer (`page` from 1). */
export const pageMeta = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
};

/** Items and the total they were cut from → the paging fields of the answer. */
export function toPageMeta(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasMore: page < totalPages };
}
