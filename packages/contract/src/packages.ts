import { z } from 'zod';
import { MIN_CARD_CENTS } from './billing.ts';
import {
  bounded,
  id,
  numberOf,
  plainText,
  seenUpdatedAt,
  text,
  trimmedText,
  wholeNumber,
} from './common.ts';

export const packageInterval = z.enum(['month', 'year']);
export type PackageInterval = z.infer<typeof packageInterval>;

export const PACKAGE_NAME_MAX = 80;
/** A package's price in cents: no less than a card can be charged (MIN_CARD_CENTS). */
export const PACKAGE_PRICE_MIN_CENTS = MIN_CARD_CENTS;
export const PACKAGE_PRICE_MAX_CENTS = 10_000_000;
/** The most booking credits (cents) a package may include. */
export const PACKAGE_CREDITS_MAX = 100_000;

const packageFields = {
  name: trimmedText({ error: 'name is required' })
    .min(1, 'name is required')
    .max(PACKAGE_NAME_MAX, `name must be at most ${PACKAGE_NAME_MAX} characters`),
  description: text('description', 1000).default(''),
  priceCents: wholeNumber(numberOf('priceCents'), {
    whole: 'priceCents must be a whole number of cents',
    min: [PACKAGE_PRICE_MIN_CENTS, `priceCents must be at least ${PACKAGE_PRICE_MIN_CENTS}`],
    max: [PACKAGE_PRICE_MAX_CENTS, `priceCents must be at most ${PACKAGE_PRICE_MAX_CENTS}`],
  }),
  // Checkout charges, and credits are granted, in US dollars: a package priced in another
  // currency would be shown in it and charged as that many US cents.
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')
    .transform((c) => c.toUpperCase())
    .refine((c) => c === 'USD', 'Pawsy charges every package in USD')
    .default('USD'),
  interval: packageInterval,
  creditsIncluded: bounded('creditsIncluded', 0, PACKAGE_CREDITS_MAX),
  active: z.boolean().default(true),
  stripePriceId: plainText('stripePriceId', 100).trim().nullish(),
};

/** POST /api/packages (admins). */
export const createPackageBody = z.object(packageFields);
export type CreatePackageBody = z.input<typeof createPackageBody>;

/** PUT /api/packages/{id} (admins): any subset of the fields. */
export const updatePackageBody = z
  .object({
    ...packageFields,
    description: text('description', 1000),
    currency: packageFields.currency.removeDefault(),
    active: z.boolean(),
    updatedAt: seenUpdatedAt,
  })
  .partial();
export type UpdatePackageBody = z.input<typeof updatePackageBody>;

export const pawsyPackage = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  interval: packageInterval,
  creditsIncluded: z.number().int(),
  active: z.boolean(),
  stripePriceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Package = z.infer<typeof pawsyPackage>;

export const packageListResponse = z.object({
  success: z.literal(true),
  data: z.array(pawsyPackage),
});
export const packageResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: pawsyPackage,
});
