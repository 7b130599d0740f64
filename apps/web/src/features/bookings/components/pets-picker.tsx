import { Alert, Anchor, Checkbox, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isTakenBy, type OwnerPets, type PetTaker } from '../hooks/use-owner-pets';

type PetsPickerProps = {
  pets: Pick<OwnerPets, 'data' | 'error' | 'isLoading'>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  /** A direct request's sitter: a pet of a kind they do not take cannot be ticked. */
  sitter?: PetTaker | null;
};

/** The owner's pets (useOwnerPets) as checkboxes; a 404 means "no pets". */
export function PetsPicker({ pets, value, onChange, error, sitter }: PetsPickerProps) {
  if (pets.isLoading && !pets.data) return <Skeleton height={60} aria-label="Loading your pets" />;
  if (pets.error)
    return (
      <Alert color="red" role="alert">
        {pets.error}
      </Alert>
    );
  if (pets.data && pets.data.length === 0)
    return (
      <Alert color="yellow" title="No pets yet">
        <Text size="sm">
          Add your pet first, so the sitter knows who they will care for.{' '}
          <Anchor component={Link} to={paths.petDetails}>
            Add a pet
          </Anchor>
        </Text>
      </Alert>
    );
  return (
    <Checkbox.Group label="Pets" required value={value} onChange={onChange} error={error}>
      <Group mt="xs">
        {(pets.data ?? []).map((pet) => {
          const isRefused = sitter ? !isTakenBy(sitter, pet) : false;
          return (
            <Checkbox
              key={pet._id}
              value={pet._id}
              label={`${pet.name} (${pet.species})`}
              // One ticked before (a restored request) can still be unticked.
              disabled={isRefused && !value.includes(pet._id)}
              description={
                isRefused ? `${sitter!.firstName} does not take this kind of pet` : undefined
              }
            />
          );
        })}
      </Group>
    </Checkbox.Group>
  );
}
