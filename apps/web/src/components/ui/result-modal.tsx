import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

export type ResultModalState = { type: 'success' | 'error'; message: string } | null;

type ResultModalProps = {
  state: ResultModalState;
  onClose: () => void;
  /** false: the screen moves focus itself on close (Mantine's default returns it to the opener). */
  returnFocus?: boolean;
};

/** The success/error modal the auth screens show (SPEC §4: modals carry a type). */
export function ResultModal({ state, onClose, returnFocus = true }: ResultModalProps) {
  const isSuccess = state?.type === 'success';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={state !== null}
      onClose={onClose}
      returnFocus={returnFocus}
      centered
      title={isSuccess ? 'Success' : 'Something went wrong'}
    >
      <Stack align="center" ta="center" data-modal-type={state?.type}>
        <ThemeIcon size={48} radius="xl" color={isSuccess ? undefined : 'red.8'} aria-hidden="true">
          {isSuccess ? <IconCircleCheck size={28} /> : <IconAlertTriangle size={28} />}
        </ThemeIcon>
        <Text role={isSuccess ? 'status' : 'alert'}>{state?.message}</Text>
        {!isSuccess && (
          <Group justify="center">
            <Button onClick={onClose}>Try again</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
