import { z } from 'zod';
import { id, trimmedText, wholeNumber } from './common.ts';

export const packageInterval = z.enum(['month', 'year']);
export type PackageInterval = z.infer<typeof packageInterval>;

const packageFields = {
  name: trimmedText({ error: 'name is required' })
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
  description: trimmedText().max(1000).default(''),
  priceCents: wholeNumber(z.number({ error: 'priceCents must be a number' }), {
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
  creditsIncluded: z.number().int().min(0).max(100_000),
  active: z.boolean().default(true),
  stripePriceId: z.string().trim().max(100).nullish(),
};

/** POST /api/packages (admins). */
export const createPackageBody = z.object(packageFields);
export type CreatePackageBody = z.input<typeof createPackageBody>;

/** PUT /api/packages/{id} (admins): any subset of the fields. */
export const updatePackageBody = z
  .object({
    ...packageFields,
    description: trimmedText().max(1000),
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
