import { z } from 'zod';
import { bounded, id, numberOf, plainText, text, trimmedText, wholeNumber } from './common.ts';

export const packageInterval = z.enum(['month', 'year']);
export type PackageInterval = z.infer<typeof packageInterval>;

const packageFields = {
  name: trimmedText({ error: 'name is required' })
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
  description: text('description', 1000).default(''),
  priceCents: wholeNumber(numberOf('priceCents'), {
    whole: 'priceCents must be a whole number of cents',
    min: [50, 'priceCents must be at least 50'],
    max: [10_000_000, 'priceCents must be at most 10000000'],
  }),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')
    .transform((c) => c.toUpperCase())
    .default('USD'),
  interval: packageInterval,
  creditsIncluded: bounded('creditsIncluded', 0, 100_000),
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
