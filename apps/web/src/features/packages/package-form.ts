import {
  PACKAGE_CREDITS_MAX,
  PACKAGE_NAME_MAX,
  PACKAGE_PRICE_MAX_CENTS,
  PACKAGE_PRICE_MIN_CENTS,
} from '@pawsy/contract';
import { formatCents } from '../../lib/money';
import { isShownByFields, serverFieldErrors } from '../../lib/api-error';
import type { CreatePackageBody, Package } from './packages-api';

/** The form's values: dollars as typed ('' while empty), sent in cents. */
export type PackageFormValues = {
  name: string;
  description: string;
  price: number | string;
  interval: 'month' | 'year';
  creditsIncluded: number | string;
  active: boolean;
};

export type PackageFormErrors = Partial<
  Record<'name' | 'description' | 'price' | 'credits', string>
>;

export const PACKAGE_FORM_ERRORS = {
  name: 'Enter a name',
  nameMax: `Name must be at most ${PACKAGE_NAME_MAX} characters`,
  priceMin: `Price must be at least ${formatCents(PACKAGE_PRICE_MIN_CENTS)}`,
  priceMax: `Price must be at most ${formatCents(PACKAGE_PRICE_MAX_CENTS)}`,
  creditsMin: `Credits must be at least ${formatCents(0)}`,
  creditsMax: `Credits must be at most ${formatCents(PACKAGE_CREDITS_MAX)}`,
} as const;

export const packageFormValues = (pkg: Package | null): PackageFormValues =>
  pkg
    ? {
        name: pkg.name,
        description: pkg.description,
        price: pkg.priceCents / 100,
        interval: pkg.interval,
        creditsIncluded: pkg.creditsIncluded / 100,
        active: pkg.active,
      }
    : {
        name: '',
        description: '',
        price: 15,
        interval: 'month',
        creditsIncluded: 20,
        active: true,
      };

/** Typed dollars in cents; NaN when empty or not a number. */
const toCents = (dollars: number | string) =>
  dollars === '' ? NaN : Math.round(Number(dollars) * 100);

/** A typed amount against the contract's bounds, judged as typed (the fields never clamp). */
function boundError(cents: number, min: number, max: number, words: [string, string]) {
  if (!Number.isFinite(cents) || cents < min) return words[0];
  return cents > max ? words[1] : undefined;
}

/** The values checked with the contract's limits: the body to send, or what is wrong. */
export function checkPackageForm(
  values: PackageFormValues,
): { body: CreatePackageBody; errors: null } | { body: null; errors: PackageFormErrors } {
  const name = values.name.trim();
  const priceCents = toCents(values.price);
  // Credits are cents on the ledger, like prices.
  const creditsIncluded = toCents(values.creditsIncluded);
  const errors: PackageFormErrors = {
    name: !name
      ? PACKAGE_FORM_ERRORS.name
      : name.length > PACKAGE_NAME_MAX
        ? PACKAGE_FORM_ERRORS.nameMax
        : undefined,
    price: boundError(priceCents, PACKAGE_PRICE_MIN_CENTS, PACKAGE_PRICE_MAX_CENTS, [
      PACKAGE_FORM_ERRORS.priceMin,
      PACKAGE_FORM_ERRORS.priceMax,
    ]),
    credits: boundError(creditsIncluded, 0, PACKAGE_CREDITS_MAX, [
      PACKAGE_FORM_ERRORS.creditsMin,
      PACKAGE_FORM_ERRORS.creditsMax,
    ]),
  };
  if (errors.name || errors.price || errors.credits) return { body: null, errors };
  const { interval, active } = values;
  const description = values.description.trim();
  return {
    body: { name, description, priceCents, interval, creditsIncluded, active },
    errors: null,
  };
}

/** The form's fields as the API names them, so its refusals of them are shown on them. */
const WIRE_FIELDS = ['name', 'description', 'priceCents', 'creditsIncluded'];

/**
 * The API's refusals of the form's own fields, on those fields (`priceCents` on the price);
 * null when it refused something else, which the form shows above its fields.
 */
export function packageFieldErrors(error: unknown): PackageFormErrors | null {
  const fields = serverFieldErrors(error);
  if (!isShownByFields(fields, WIRE_FIELDS)) return null;
  const { name, description, priceCents: price, creditsIncluded: credits } = fields;
  return { name, description, price, credits };
}
