import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { PET_SEXES, PET_SPECIES } from '@pawsy/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toPetValues, validatePet, type PetField, type PetValues } from '../pet-form';
import type { Pet } from '../pets-api';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type PetFormModalProps = {
  opened: boolean;
  /** The pet being edited; null adds a new one. */
  pet: Pet | null;
  isSaving: boolean;
  progress: number | null;
  error: string | null;
  onClose: () => void;
  onSubmit: (values: PetValues, photo: File | null) => void;
};

function PetForm({ pet, isSaving, progress, error, onClose, onSubmit }: PetFormModalProps) {
  const [values, setValues] = useState<PetValues>(() => toPetValues(pet));
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PetField, string>>>({});

  const text = (field: PetField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePet(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values, photo);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={pet ? `Edit ${pet.name}` : 'Add a pet'}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Name" required data-autofocus {...text('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Species"
            data={PET_SPECIES.map((s) => ({ value: s, label: capitalize(s) }))}
            value={values.species}
            onChange={(v) => setValues((cur) => ({ ...cur, species: v ?? 'other' }))}
            allowDeselect={false}
          />
          <TextInput label="Breed" {...text('breed')} />
          <TextInput label="Age (years)" inputMode="decimal" {...text('age')} />
          <TextInput label="Weight (kg)" inputMode="decimal" {...text('weight')} />
          <Select
            label="Sex"
            data={PET_SEXES.map((s) => ({ value: s, label: capitalize(s) }))}
            value={values.sex}
            onChange={(v) => setValues((cur) => ({ ...cur, sex: v ?? 'unknown' }))}
            allowDeselect={false}
          />
          <FileInput
            label="Photo"
            placeholder="Choose a photo"
            accept="image/png,image/jpeg,image/webp"
            value={photo}
            onChange={setPhoto}
            clearable
          />
        </SimpleGrid>
        <Textarea
          label="Care notes"
          description="Feeding, walks, habits"
          rows={2}
          {...text('care_notes')}
        />
        <Textarea label="Medical notes" rows={2} {...text('medical_notes')} />
        {progress !== null && (
          <Progress value={progress} aria-label="Photo upload progress" animated />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {pet ? 'Save changes' : 'Add pet'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add or edit a pet in a modal; the form starts fresh each time it opens. */
export function PetFormModal(props: PetFormModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.pet ? `Edit ${props.pet.name}` : 'Add a pet'}
      size="lg"
      centered
    >
      {props.opened && <PetForm key={props.pet?._id ?? 'new'} {...props} />}
    </Modal>
  );
}
