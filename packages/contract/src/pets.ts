import { z } from 'zod';
import { bounded, pathId, pathIdOr, queryParam, text, trimmedText } from './common.ts';
import { PET_SPECIES } from './search-range.ts';

export const PET_SEXES = ['male', 'female', 'unknown'] as const;

export const petWire = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  age: z.number().nullable(),
  weight: z.number().nullable(),
  sex: z.enum(PET_SEXES),
  care_notes: z.string().nullable(),
  medical_notes: z.string().nullable(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the owner removed the pet (ISO); null while it is on their profile. */
  removedAt: z.string().nullable(),
});
export type PetWire = z.infer<typeof petWire>;

/**
 * Whether a sitter whose profile names these kinds of pets (`pet_prefrences`) takes a pet of
 * this species: naming none takes any, else one kind must name the species ("Dogs" names dog).
 * Invitations, applications and series apply it; sitter search applies it in SQL
 * (availability.repository.ts offerFilterSql).
 */
export function takesSpecies(prefs: readonly string[], species: string): boolean {
  const kind = species.toLowerCase();
  return prefs.length === 0 || prefs.some((pref) => pref.toLowerCase().includes(kind));
}

/** Text fields of the pet form (multipart strings; empty values are dropped before parsing). */
export const petFields = z.object({
  name: trimmedText({
    error: (iss) => (iss.input === undefined ? 'Name is required' : 'Name must be text'),
  })
    .min(1, 'Name is required')
    .max(80, 'Name must be at most 80 characters'),
  species: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(PET_SPECIES, { message: `Species must be one of ${PET_SPECIES.join(', ')}` })),
  breed: text('Breed', 80),
  age: bounded('Age', 0, 60, { whole: false, coerce: true }),
  weight: bounded('Weight', 0, 200, { whole: false, coerce: true }),
  sex: z.string().trim().toLowerCase().pipe(z.enum(PET_SEXES)),
  care_notes: text('Care notes', 2000),
  medical_notes: text('Medical notes', 2000),
});
export const petCreateFields = petFields.partial().extend({ name: petFields.shape.name });
export const petUpdateFields = petFields.partial();
export type PetCreateFields = z.infer<typeof petCreateFields>;
export type PetUpdateFields = z.infer<typeof petUpdateFields>;

export const petListResponse = z.object({ success: z.literal(true), result: z.array(petWire) });
export const petResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: petWire,
  result: petWire,
});
export const petIdParams = z.object({ petId: pathId });
/** SPEC §5: fetching pets needs a user id, as adding one does ('User ID is required'). */
export const petOwnerParams = z.object({ userId: pathIdOr('User ID is required') });
/**
 * `include=removed` lists the owner's removed pets too (a past booking's page still shows them);
 * left out, only the pets on their profile.
 */
export const petListQuery = z.object({
  include: queryParam(
    z.enum(['removed'], { error: "include must be 'removed' or left out" }).optional(),
  ),
});
/** DELETE /api/pets/{petId}: the pet leaves its owner's profile (past bookings keep it). */
export const petRemovedResponse = z.object({ success: z.literal(true), message: z.string() });

// ---- Types of the calls above, for clients ----
export type PetListResponse = z.infer<typeof petListResponse>;
export type PetResponse = z.infer<typeof petResponse>;
export type PetListQuery = z.input<typeof petListQuery>;
export type PetRemovedResponse = z.infer<typeof petRemovedResponse>;
