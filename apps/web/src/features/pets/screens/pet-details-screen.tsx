import {
  Alert,
  Button,
  Container,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { IconPaw, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { readSession } from '../../../lib/session';
import { PetCard } from '../components/pet-card';
import { PetFormModal } from '../components/pet-form-modal';
import { RemovePetModal } from '../components/remove-pet-modal';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { buildPetFormData, toPetValues, type PetValues } from '../pet-form';
import type { Pet } from '../pets-api';
import { addPet, fetchPets, petSelected, removePet, selectPets, updatePet } from '../pets-slice';

type Editing = { pet: Pet | null } | null;

const PETS_NOTICE_ID = 'pets-notice';

export default function PetDetailsScreen() {
  usePageTitle('Your pets');
  const dispatch = useAppDispatch();
  const pets = useAppSelector(selectPets);
  const { loading, adding, updating, removing, error, selectedIndex } = useAppSelector(
    (s) => s.pets,
  );
  const stateUserId = useAppSelector((s) => s.auth.user?.id);
  const userId = stateUserId ?? readSession()?.user.id ?? null;
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const focusNext = useFocusAfterRender();
  const [removal, setRemoval] = useState<Pet | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  // Until this screen's first fetch has answered, an empty list means "not loaded yet", not
  // "no pets": the skeleton shows instead of a moment of "No pets yet" before the fetch starts.
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    let mounted = true;
    void fetchPets(dispatch, userId).then(() => {
      if (mounted) setAnswered(true);
    });
    return () => {
      mounted = false;
    };
  }, [dispatch, userId]);

  const open = (pet: Pet | null) => {
    setSaveError(null);
    setNotice(null);
    setEditing({ pet });
    if (pet) dispatch(petSelected(pets.indexOf(pet)));
  };

  const save = async (values: PetValues, photo: File | null) => {
    setSaveError(null);
    const pet = editing?.pet;
    const form = buildPetFormData(values, photo, pet ? toPetValues(pet) : undefined);
    const onProgress = photo ? setProgress : undefined;
    if (photo) setProgress(0);
    const outcome = pet
      ? await updatePet(dispatch, pet._id, form, onProgress)
      : await addPet(dispatch, userId, form, onProgress);
    setProgress(null);
    if (!outcome.ok) {
      setSaveError(outcome.message);
      return;
    }
    setEditing(null);
    setNotice(pet ? `${outcome.pet.name} was updated.` : `${outcome.pet.name} was added.`);
  };

  const askToRemove = (pet: Pet) => {
    setRemoveError(null);
    setNotice(null);
    setRemoval(pet);
  };

  const confirmRemove = async (pet: Pet) => {
    setRemoveError(null);
    const outcome = await removePet(dispatch, pet._id);
    if (!outcome.ok) {
      setRemoveError(outcome.message);
      return;
    }
    setRemoval(null);
    setNotice(`${pet.name} was removed.`);
    // The pet's card, and with it the Remove button the dialog came from, is gone.
    focusNext(PETS_NOTICE_ID);
  };

  const isFirstLoad = (loading || !answered) && pets.length === 0;

  return (
    <Container size="lg" py={{ base: 32, sm: 48 }}>
      <Group justify="space-between" align="flex-end" mb="xl">
        <div>
          <Title order={1}>Your pets</Title>
          <Text c="dark.4" mt={4}>
            Sitters see these details when you book, so they know exactly what each pet needs.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open(null)}>
          Add a pet
        </Button>
      </Group>
      {notice && (
        <Alert
          id={PETS_NOTICE_ID}
          tabIndex={-1}
          color="pawsy"
          role="status"
          mb="md"
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      {error && !loading && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      {isFirstLoad ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-label="Loading your pets" role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={340} radius="lg" />
          ))}
        </SimpleGrid>
      ) : pets.length === 0 && !error ? (
        <EmptyState
          icon={<IconPaw size={32} />}
          variant="light"
          title="No pets yet"
          description="Add your first pet with a photo and care notes."
          py="xl"
        >
          <EmptyState.Actions>
            <Button onClick={() => open(null)}>Add your first pet</Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {pets.map((pet, index) => (
            <PetCard
              key={pet._id}
              pet={pet}
              isSelected={index === selectedIndex && pets.length > 1}
              onEdit={() => open(pet)}
              onRemove={() => askToRemove(pet)}
            />
          ))}
        </SimpleGrid>
      )}
      <PetFormModal
        opened={editing !== null}
        pet={editing?.pet ?? null}
        isSaving={adding || updating}
        progress={progress}
        error={saveError}
        onClose={() => setEditing(null)}
        onSubmit={(values, photo) => void save(values, photo)}
      />
      <RemovePetModal
        pet={removal}
        isRemoving={removing}
        error={removeError}
        onClose={() => setRemoval(null)}
        onConfirm={(pet) => void confirmRemove(pet)}
      />
    </Container>
  );
}
