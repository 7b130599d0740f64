import { PET_SEXES, PET_SPECIES, type PetWire } from '@pawsy/contract';
import type { PetsTable } from '../../db/schema.ts';

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

export const petImageUrl = (row: Pick<PetsTable, 'id' | 'image_path'>): string | null =>
  row.image_path ? `/api/pets/${row.id}/image` : null;

export function toPetWire(row: PetsTable): PetWire {
  return {
    _id: row.id,
    userId: row.user_id,
    name: row.name,
    species: oneOf(PET_SPECIES, row.species, 'other'),
    breed: row.breed,
    age: row.age === null ? null : Number(row.age),
    weight: row.weight === null ? null : Number(row.weight),
    sex: oneOf(PET_SEXES, row.sex, 'unknown'),
    care_notes: row.care_notes,
    medical_notes: row.medical_notes,
    image: petImageUrl(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    removedAt: row.removed_at,
  };
}
