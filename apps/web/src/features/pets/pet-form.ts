import { emptiedFields, PET_CLEARABLE_FIELDS } from '@pawsy/contract';
import type { Pet } from './pets-api';

export const PET_TEXT_FIELDS = [
  'name',
  'species',
  'breed',
  'age',
  'weight',
  'sex',
  'care_notes',
  'medical_notes',
] as const;
export type PetField = (typeof PET_TEXT_FIELDS)[number];
export type PetValues = Record<PetField, string>;

export const EMPTY_PET: PetValues = {
  name: '',
  species: 'dog',
  breed: '',
  age: '',
  weight: '',
  sex: 'unknown',
  care_notes: '',
  medical_notes: '',
};

export function toPetValues(pet: Pet | null): PetValues {
  if (!pet) return EMPTY_PET;
  return {
    name: pet.name,
    species: pet.species,
    breed: pet.breed ?? '',
    age: pet.age === null ? '' : String(pet.age),
    weight: pet.weight === null ? '' : String(pet.weight),
    sex: pet.sex,
    care_notes: pet.care_notes ?? '',
    medical_notes: pet.medical_notes ?? '',
  };
}

/** The multipart body of POST /api/pets and PUT /api/pets/{id}: empty values left out (SPEC §5). */
export function buildPetFormData(
  values: PetValues,
  photo: File | null,
  /** An edited pet's values before: an optional field emptied since is named in `clear`. */
  previous?: PetValues,
): FormData {
  const form = new FormData();
  for (const field of PET_TEXT_FIELDS) {
    const value = values[field]?.trim();
    if (value) form.append(field, value);
  }
  const emptied = previous ? emptiedFields(PET_CLEARABLE_FIELDS, previous, values) : [];
  if (emptied.length > 0) form.append('clear', JSON.stringify(emptied));
  if (photo) form.append('photo', photo);
  return form;
}

export function validatePet(values: PetValues): Partial<Record<PetField, string>> {
  const errors: Partial<Record<PetField, string>> = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  const age = values.age.trim();
  if (age && !(Number(age) >= 0 && Number(age) <= 60)) errors.age = 'Age is 0 to 60 years';
  const weight = values.weight.trim();
  if (weight && !(Number(weight) >= 0 && Number(weight) <= 200))
    errors.weight = 'Weight is 0 to 200 kg';
  return errors;
}
