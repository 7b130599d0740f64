import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type StatusChangeModalProps = {
  opened: boolean;
  title: string;
  confirmLabel: string;
  description: string;
  isSubmitting: boolean;
  error: string | null;
  onClose: () => void;
  /** false once the change is made: the screen moves focus (the opening button is gone). */
  returnFocus?: boolean;
  onConfirm: (input: { note: string; image: File | null }) => void;
};

/** Start or complete a booking, with an optional note and photo for the owner. */
export function StatusChangeModal(props: StatusChangeModalProps) {
  const [note, setNote] = useState('');
  const [image, setImage] = useState<File | null>(null);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={props.opened}
      onClose={props.onClose}
      returnFocus={props.returnFocus ?? true}
      title={props.title}
      centered
    >
      <Stack>
        <Text size="sm">{props.description}</Text>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Textarea
          label="Note for the owner (optional)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          rows={2}
        />
        <FileInput
          label="Photo (optional)"
          description="JPEG, PNG or WebP, up to 5 MB"
          accept="image/jpeg,image/png,image/webp"
          value={image}
          onChange={setImage}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Back
          </Button>
          <Button
            loading={props.isSubmitting}
            onClick={() => props.onConfirm({ note: note.trim(), image })}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
