import {
  emptiedFields,
  PROFILE_CLEARABLE_FIELDS,
  PROFILE_CLEARABLE_LISTS,
  SERVICE_RATE_MAX_CENTS,
  SERVICE_RATE_MIN_CENTS,
  SERVICE_RATE_MIN_MESSAGE,
  profileDateIssues,
  type ProfileDateField,
} from '@pawsy/contract';
import { normalizeService } from '../../config/service-labels';
import { formatCents } from '../../lib/money';
import type { Profile } from './profile-api';

export const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'dob',
  'emergency_phone',
  'bio',
  'headline',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'preferred_location',
  'document_type',
  'date_of_issue',
  'date_of_expiry',
] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type Coordinates = { latitude: number; longitude: number };

export type ProfileValues = Record<TextField, string> & {
  primary_services: string[];
  pet_prefrences: string[];
  email_notification: boolean;
  /** Service → price in dollars as typed ("25" or "25.50"); stored as cents. */
  rates: Record<string, string>;
  coordinates: Coordinates | null;
};

const DATE_FIELDS: ProfileDateField[] = ['dob', 'date_of_issue', 'date_of_expiry'];
const isDateField = (field: TextField): field is ProfileDateField =>
  (DATE_FIELDS as TextField[]).includes(field);

export type ProfileErrors = Partial<Record<TextField, string>>;

const DOCUMENT_FIELDS = [
  'document_type',
  'date_of_issue',
  'date_of_expiry',
] as const satisfies readonly TextField[];
const IDENTITY_FIELDS = ['firstName', 'lastName', 'dob', ...DOCUMENT_FIELDS] as const;

/** Whether any field of the identity document is locked (its section then says why). */
export const isDocumentLocked = (locked: ReadonlySet<TextField>) =>
  DOCUMENT_FIELDS.some((field) => locked.has(field));

/**
 * The identity fields an ID check confirmed: while the profile carries a Verified badge (either
 * flag), those the profile holds (the API keeps them; one still empty may be filled in).
 */
export function lockedIdentityFields(profile: Profile): ReadonlySet<TextField> {
  if (!profile.KYC_verified && !profile.is_verified) return new Set();
  return new Set(IDENTITY_FIELDS.filter((field) => Boolean(profile[field])));
}

/** The server's field errors (`errors: [{ path }]`) on this form's own text fields. */
export function profileFieldErrors(fields: Record<string, string>): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of TEXT_FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

/**
 * The API's rules for the profile's dates (the contract's profileDateIssues), on what the form
 * would send: every date filled in is sent, so every one is judged.
 */
export function validateProfileDates(values: ProfileValues, now = new Date()): ProfileErrors {
  const filled = DATE_FIELDS.filter((field) => values[field].trim() !== '');
  const dates = Object.fromEntries(filled.map((field) => [field, values[field].trim()]));
  const errors: ProfileErrors = {};
  for (const issue of profileDateIssues(dates, filled, now)) errors[issue.path] ??= issue.message;
  return errors;
}

/** The form's starting values from the stored profile (dates as YYYY-MM-DD, rates in dollars). */
export function toProfileValues(profile: Profile | null): ProfileValues {
  const values = Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const raw = (profile?.[field] as string | null | undefined) ?? '';
      return [field, isDateField(field) ? raw.slice(0, 10) : raw];
    }),
  ) as Record<TextField, string>;
  const rates: Record<string, string> = {};
  for (const [service, cents] of Object.entries(profile?.service_rates ?? {})) {
    rates[normalizeService(service)] = centsToDollars(cents);
  }
  return {
    ...values,
    primary_services: [...new Set((profile?.primary_services ?? []).map(normalizeService))],
    pet_prefrences: profile?.pet_prefrences ?? [],
    email_notification: profile?.email_notification ?? true,
    rates,
    coordinates: profile?.coordinates ?? null,
  };
}

export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * What is wrong with each rate typed for an offered service (the API's bounds), by service; an
 * empty rate is fine: owners then see the suggested rate.
 */
export function validateRates(values: ProfileValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const service of values.primary_services) {
    const typed = (values.rates[service] ?? '').trim();
    if (typed === '') continue;
    const cents = dollarsToCents(typed);
    if (typed.startsWith('-')) errors[service] = 'A rate cannot be negative';
    else if (cents === null) errors[service] = 'Enter the rate in dollars, like 25 or 25.50';
    else if (cents !== 0 && cents < SERVICE_RATE_MIN_CENTS)
      errors[service] = SERVICE_RATE_MIN_MESSAGE;
    else if (cents > SERVICE_RATE_MAX_CENTS)
      errors[service] = `A rate can be at most ${formatCents(SERVICE_RATE_MAX_CENTS)}`;
  }
  return errors;
}

/** "25", "25.5", "$25.50" → 2550; null when empty or not a price. */
export function dollarsToCents(dollars: string): number | null {
  const cleaned = dollars.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

type BuildOptions = {
  isProvider: boolean;
  image?: File | null;
  /** The values the form started from: an optional field emptied since is sent in `clear`. */
  previous?: ProfileValues;
};

/**
 * The multipart body of PUT /api/user/update-profile (SPEC §5, §7): empty values are left out,
 * lists are JSON-encoded, rates go as cents, the location as coordinates[longitude|latitude].
 */
export function buildProfileFormData(values: ProfileValues, options: BuildOptions): FormData {
  const form = new FormData();
  for (const field of TEXT_FIELDS) {
    const value = values[field]?.trim();
    if (value) form.append(field, value);
  }
  // Lists are left out when empty too (SPEC §5); one emptied since the form loaded goes in `clear`.
  for (const list of PROFILE_CLEARABLE_LISTS)
    if (values[list].length > 0) form.append(list, JSON.stringify(values[list]));
  form.append('email_notification', String(values.email_notification));
  const { previous } = options;
  const emptied: string[] = previous
    ? [
        ...emptiedFields(PROFILE_CLEARABLE_FIELDS, previous, values),
        ...PROFILE_CLEARABLE_LISTS.filter(
          (list) => previous[list].length > 0 && values[list].length === 0,
        ),
      ]
    : [];
  if (emptied.length > 0) form.append('clear', JSON.stringify(emptied));
  if (options.isProvider) {
    const rates: Record<string, number> = {};
    for (const service of values.primary_services) {
      const cents = dollarsToCents(values.rates[service] ?? '');
      if (cents !== null) rates[service] = cents;
    }
    if (Object.keys(rates).length > 0) form.append('service_rates', JSON.stringify(rates));
  }
  if (values.coordinates) {
    form.append('coordinates[longitude]', String(values.coordinates.longitude));
    form.append('coordinates[latitude]', String(values.coordinates.latitude));
  }
  if (options.image) form.append('image', options.image);
  return form;
}
