import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** What happens if the member goes ahead: the dialog's words. */
  children: ReactNode;
  /** The safe way out ("Keep invitation"); it has focus when the dialog opens. */
  keepLabel: string;
  confirmLabel: string;
  /** Red confirm button, for what cannot be taken back. */
  destructive?: boolean;
  isSubmitting?: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/**
 * Asks before an action the member cannot take back: the words, a button that keeps things as they
 * are (focused, so Enter never confirms by accident) and one that goes ahead.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  keepLabel,
  confirmLabel,
  destructive = false,
  isSubmitting = false,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={title}
      centered
    >
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting} data-autofocus>
            {keepLabel}
          </Button>
          <Button
            color={destructive ? 'red.8' : undefined}
            loading={isSubmitting}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
