import { Alert, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Pet } from '../pets-api';

type RemovePetModalProps = {
  pet: Pet | null;
  isRemoving: boolean;
  /** Why the API refused (a 409 while the pet is on a booking that is not over). */
  error: string | null;
  onClose: () => void;
  onConfirm: (pet: Pet) => void;
};

/** Asks before a pet leaves the owner's profile; its past bookings keep it. */
export function RemovePetModal({
  pet,
  isRemoving,
  error,
  onClose,
  onConfirm,
}: RemovePetModalProps) {
  return (
    <ConfirmDialog
      opened={pet !== null}
      title={pet ? `Remove ${pet.name}?` : 'Remove pet?'}
      keepLabel={pet ? `Keep ${pet.name}` : 'Keep'}
      confirmLabel="Yes, remove"
      destructive
      isSubmitting={isRemoving}
      onClose={onClose}
      onConfirm={() => pet && onConfirm(pet)}
    >
      {pet && (
        <Text size="sm">
          {pet.name} leaves your profile and can no longer be picked for new bookings. Your past
          bookings keep {pet.name} in their history.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
