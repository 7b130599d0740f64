import { Text } from '@mantine/core';
import type { Pet } from '../pets-api';

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <Text component="dt" size="sm" c="dark.4">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </>
  );
}

/** What a sitter needs to know about a pet, as a definition list (facts left empty are skipped). */
export function PetFacts({ pet }: { pet: Pet }) {
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        gap: '4px 12px',
        margin: '12px 0',
      }}
    >
      <Fact label="Breed" value={pet.breed} />
      <Fact label="Age" value={pet.age === null ? null : `${pet.age} yr`} />
      <Fact label="Weight" value={pet.weight === null ? null : `${pet.weight} kg`} />
      <Fact label="Sex" value={pet.sex === 'unknown' ? null : capitalize(pet.sex)} />
      <Fact label="Care notes" value={pet.care_notes} />
      <Fact label="Medical notes" value={pet.medical_notes} />
    </dl>
  );
}
