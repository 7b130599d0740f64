import { Alert, Anchor, Checkbox, Group, Skeleton, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { petsApi, type Pet } from '../../pets';

type PetsPickerProps = {
  userId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

const FETCH_PETS_FAILED = 'Failed to fetch pets';

/** The owner's pets (GET /api/pets/user/{userId}) as checkboxes; a 404 means "no pets". */
export function PetsPicker({ userId, value, onChange, error }: PetsPickerProps) {
  const load = useCallback(async (): Promise<Pet[]> => {
    try {
      return await petsApi.list(userId);
    } catch (err) {
      throw new Error(getErrorMessage(err, FETCH_PETS_FAILED));
    }
  }, [userId]);
  const pets = useLoad(userId, load, FETCH_PETS_FAILED);

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
        {(pets.data ?? []).map((pet) => (
          <Checkbox key={pet._id} value={pet._id} label={`${pet.name} (${pet.species})`} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
