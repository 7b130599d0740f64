import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import type { MyRequest } from '../bookings-api';
import { formatDateRange, fullName } from '../lib/booking-format';

type DeclineInvitationModalProps = {
  invitation: MyRequest | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (invitation: MyRequest) => void;
};

/**
 * Asks a sitter before declining an owner's invitation, as the owner is asked before accepting a
 * sitter: a booking asked of this sitter alone ends with it (DESIGN: declined direct requests).
 */
export function DeclineInvitationModal({
  invitation,
  isSubmitting,
  onClose,
  onConfirm,
}: DeclineInvitationModalProps) {
  const owner = invitation ? fullName(invitation.booking.owner) : '';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={invitation !== null}
      onClose={onClose}
      title={invitation ? `Decline ${owner}'s invitation?` : 'Decline'}
      centered
    >
      {invitation && (
        <Stack>
          <Text size="sm">
            {serviceLabel(invitation.booking.service)} for {owner},{' '}
            {formatDateRange(invitation.booking.startDate, invitation.booking.endDate)}.
          </Text>
          <Text size="sm">
            The request is declined and {owner} is told. A booking sent only to you is cancelled,
            and the owner&apos;s payment is refunded.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep invitation
            </Button>
            <Button color="red.8" loading={isSubmitting} onClick={() => onConfirm(invitation)}>
              Decline
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
