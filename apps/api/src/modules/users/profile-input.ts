import type { Updateable } from 'kysely';
import { z } from 'zod';
import {
  parseClearList,
  PROFILE_CLEARABLE_FIELDS,
  PROFILE_CLEARABLE_LISTS,
  SERVICE_RATE_MAX_CENTS,
  SERVICE_RATE_MIN_CENTS,
  SERVICE_RATE_MIN_MESSAGE,
  isoInstant,
  isPhoneNumber,
  normalizeRates,
  normalizeService,
  PHONE_MESSAGE,
  type ProfileDateField,
  trimmedText,
} from '@pawsy/contract';
import type { UsersTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import { uploadPart } from '../../lib/documented-body.ts';

const text = (max: number) => trimmedText().max(max, `At most ${max} characters`);
// The columns are varchar(32). What a date may be (past, not too old…) is profileDateIssues'.
const date = isoInstant('Use a date like 2020-01-31').refine(
  (v) => v.length <= 32,
  'Use a date like 2020-01-31',
);
const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
  .transform((v) => (['true', '1', 'yes', 'on'].includes(v) ? 1 : 0));
const jsonOf = <T extends z.ZodType>(schema: T, what: string) =>
  z.string().transform((raw, ctx): z.infer<T> => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what} must be JSON-encoded` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      return z.NEVER;
    }
    return parsed.data;
  });
const stringList = jsonOf(
  z.array(text(60).min(1)).max(20, 'At most 20 entries'),
  'A list',
).transform((list) => JSON.stringify([...new Set(list)]));
const serviceList = jsonOf(
  z.array(text(60).min(1)).max(20, 'At most 20 entries'),
  'A list',
).transform((list) => JSON.stringify([...new Set(list.map(normalizeService))]));
const rates = jsonOf(
  z
    .record(
      text(60).min(1),
      // The bounds first: 2^53 or 1e308 is "at most", not "whole cents" (the first issue is said).
      z
        .number()
        .min(0, 'A rate cannot be negative')
        .max(
          SERVICE_RATE_MAX_CENTS,
          `A rate is at most $${(SERVICE_RATE_MAX_CENTS / 100).toLocaleString('en-US')}`,
        )
        .int('Rates are whole cents')
        .refine((c) => c === 0 || c >= SERVICE_RATE_MIN_CENTS, SERVICE_RATE_MIN_MESSAGE),
    )
    .refine((r) => Object.keys(r).length <= 10, 'At most 10 services'),
  'service_rates',
).transform((r) => JSON.stringify(normalizeRates(r)));
const coordinate = (min: number, max: number, label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const phoneText = () => text(40).refine(isPhoneNumber, PHONE_MESSAGE);

/** Profile form fields (wire name → column and rule); anything else in the form is ignored. */
const fields = {
  firstName: ['first_name', text(100).min(1)],
  lastName: ['last_name', text(100).min(1)],
  phone: ['phone', phoneText()],
  dob: ['dob', date],
  emergency_phone: ['emergency_phone', phoneText()],
  bio: ['bio', text(2000)],
  headline: ['headline', text(160)],
  address: ['address', text(300)],
  city: ['city', text(120)],
  state: ['state', text(120)],
  zip: ['zip', text(20)],
  country: ['country', text(120)],
  date_of_issue: ['date_of_issue', date],
  date_of_expiry: ['date_of_expiry', date],
  document_type: ['document_type', text(60)],
  preferred_location: ['preferred_location', text(200)],
  email_notification: ['email_notification', bool],
  primary_services: ['primary_services', serviceList],
  pet_prefrences: ['pet_prefrences', stringList],
  service_rates: ['service_rates', rates],
  currency: [
    'currency',
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a 3-letter code')
      // Billing charges every card payment in one currency; a rate in another would be shown in
      // it and charged as that many US cents.
      .refine(
        (code) => code === BILLING_CURRENCY,
        `Pawsy prices and charges every booking in ${BILLING_CURRENCY}`,
      ),
  ],
} as const satisfies Record<string, readonly [keyof UsersTable, z.ZodType]>;

const isEmpty = (v: string | undefined): v is undefined =>
  v === undefined || ['', 'null', 'undefined'].includes(v.trim());

export type ProfileChanges = Updateable<UsersTable>;

const DATE_FIELDS: readonly ProfileDateField[] = ['dob', 'date_of_issue', 'date_of_expiry'];

/** The date fields a parsed update sets (their columns carry the wire names). */
export const changedDateFields = (changes: ProfileChanges): ProfileDateField[] =>
  DATE_FIELDS.filter((field) => changes[field] !== undefined);

const LIST_FIELDS = new Set(['primary_services', 'pet_prefrences', 'service_rates']);

/**
 * The form as the OpenAPI document shows it: every field a text part, optional (an empty one is
 * left out, SPEC §5); the lists JSON-encoded; a photo under `image`. parseProfileFields is what
 * validates.
 */
export const profileFormDoc = z.object({
  ...Object.fromEntries(
    Object.keys(fields).map((name) => [
      name,
      z
        .string()
        .optional()
        .describe(LIST_FIELDS.has(name) ? `${name}, JSON-encoded` : name),
    ]),
  ),
  'coordinates[longitude]': z.string().optional().describe('With coordinates[latitude]'),
  'coordinates[latitude]': z.string().optional().describe('With coordinates[longitude]'),
  clear: z.string().optional().describe('JSON list of optional fields to empty'),
  image: uploadPart('The profile photo: JPEG, PNG or WebP').optional(),
});

/** What `clear` may name: the optional text fields, and the lists. */
const CLEARABLE = [...PROFILE_CLEARABLE_FIELDS, ...PROFILE_CLEARABLE_LISTS];

/**
 * Multipart text fields → column changes. Empty values are skipped (SPEC §5); coordinates come
 * as coordinates[longitude] + coordinates[latitude] (or a JSON `coordinates`), both or neither.
 */
export function parseProfileFields(form: Record<string, string>): ProfileChanges {
  const changes: Record<string, unknown> = {};
  const errors: { path: string; message: string }[] = [];
  for (const [name, [column, schema]] of Object.entries(fields)) {
    const raw = form[name];
    if (isEmpty(raw)) continue;
    const parsed = (schema as z.ZodType).safeParse(raw);
    if (parsed.success) changes[column] = parsed.data;
    else errors.push({ path: name, message: parsed.error.issues[0]?.message ?? 'Invalid value' });
  }
  const cleared = parseClearList(form.clear, CLEARABLE);
  if ('error' in cleared) errors.push({ path: 'clear', message: cleared.error });
  else
    for (const name of cleared.names) {
      // A value sent for the same field wins: it was typed after emptying it.
      if (!isEmpty(form[name])) continue;
      changes[fields[name][0]] = (PROFILE_CLEARABLE_LISTS as readonly string[]).includes(name)
        ? '[]'
        : null;
    }
  let lng = form['coordinates[longitude]'];
  let lat = form['coordinates[latitude]'];
  if (isEmpty(lng) && isEmpty(lat) && !isEmpty(form.coordinates)) {
    let c: unknown;
    try {
      c = JSON.parse(form.coordinates);
    } catch {
      errors.push({ path: 'coordinates', message: 'coordinates must be JSON-encoded' });
    }
    if (c !== undefined) {
      // `[1, 2]` or a number is JSON too, but not a place: refused rather than ignored.
      const point = typeof c === 'object' && c !== null && !Array.isArray(c) ? c : {};
      const { longitude, latitude } = point as { longitude?: unknown; latitude?: unknown };
      if (longitude === undefined && latitude === undefined)
        errors.push({
          path: 'coordinates',
          message: 'coordinates must be an object with longitude and latitude',
        });
      lng = longitude === undefined ? undefined : String(longitude);
      lat = latitude === undefined ? undefined : String(latitude);
    }
  }
  if (!isEmpty(lng) || !isEmpty(lat)) {
    const longitude = coordinate(-180, 180, 'Longitude').safeParse(lng);
    const latitude = coordinate(-90, 90, 'Latitude').safeParse(lat);
    if (isEmpty(lng) || isEmpty(lat)) {
      errors.push({ path: 'coordinates', message: 'Send both longitude and latitude' });
    } else if (!longitude.success || !latitude.success) {
      const issue = (longitude.error ?? latitude.error)?.issues[0];
      errors.push({ path: 'coordinates', message: issue?.message ?? 'Invalid coordinates' });
    } else {
      // 7 decimals ≈ 1 cm; also keeps denormal floats (PostgreSQL rejects them) out.
      changes.longitude = Math.round(longitude.data * 1e7) / 1e7;
      changes.latitude = Math.round(latitude.data * 1e7) / 1e7;
    }
  }
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new AppError('VALIDATION', `${first.path}: ${first.message}`, errors);
  }
  return changes as ProfileChanges;
}
