import { takesSpecies } from '@pawsy/contract';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { petsApi, type Pet } from '../../pets';

const FETCH_PETS_FAILED = 'Failed to fetch pets';

/** The owner's pets (GET /api/pets/user/{userId}), read once for the pets and sitter pickers. */
export function useOwnerPets(userId: string | null) {
  const load = useCallback(async (): Promise<Pet[]> => {
    try {
      return userId ? await petsApi.list(userId) : [];
    } catch (err) {
      throw new Error(getErrorMessage(err, FETCH_PETS_FAILED));
    }
  }, [userId]);
  return useLoad(userId, load, FETCH_PETS_FAILED);
}

export type OwnerPets = ReturnType<typeof useOwnerPets>;

/** The species of the chosen pets (none while the pets are still loading). */
export const chosenSpecies = (pets: readonly Pet[] | null, ids: readonly string[]): string[] =>
  (pets ?? []).filter((pet) => ids.includes(pet._id)).map((pet) => pet.species);

/** A sitter as far as the kinds of pets they take go (their public card). */
export type PetTaker = { firstName: string; pet_prefrences: readonly string[] };

export const isTakenBy = (sitter: PetTaker, pet: Pick<Pet, 'species'>) =>
  takesSpecies(sitter.pet_prefrences, pet.species);

/**
 * The API's refusal of a direct request naming a pet the sitter does not take ("Sam does not take
 * this kind of pet: Mochi (cat)"), or null.
 */
export function refusedPetMessage(
  sitter: PetTaker,
  pets: readonly Pet[] | null,
  ids: readonly string[],
): string | null {
  const refused = (pets ?? []).find((pet) => ids.includes(pet._id) && !isTakenBy(sitter, pet));
  return refused
    ? `${sitter.firstName} does not take this kind of pet: ${refused.name} (${refused.species})`
    : null;
}
