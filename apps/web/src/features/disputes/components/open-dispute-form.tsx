import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { serviceWord } from '@pawsy/contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DISPUTE_MAX_FILE_MB, DISPUTE_MAX_FILES } from '@pawsy/contract';
import type { Dispute } from '../disputes-api';
import { createDispute, disputeSaveErrorCleared } from '../dispute-slice';
import { EVIDENCE_ACCEPT, refuseEvidence } from '../lib/evidence-files';
import { fetchBooking } from '../../bookings';
import { paths, toPath } from '../../../config/paths';
import { formatTimeRange } from '../../../lib/dates';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

/** Opens a dispute on one booking: reason, description and up to five evidence files. */
export function OpenDisputeForm({
  bookingId,
  onOpened,
}: {
  bookingId: string;
  onOpened: (dispute: Dispute) => void;
}) {
  const dispatch = useAppDispatch();
  const { saving, saveError: error } = useAppSelector((state) => state.dispute);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Which booking this is about, said on the form (the booking's own read, as its page makes it).
  useEffect(() => {
    dispatch(disputeSaveErrorCleared());
    void dispatch(fetchBooking(bookingId));
  }, [dispatch, bookingId]);
  const booking = useAppSelector((state) =>
    state.booking.current?._id === bookingId ? state.booking.current : null,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setReasonError(reason.trim() ? null : 'Please give a reason');
    if (!reason.trim()) {
      // To the field the message is about (Mantine links it to the error), not left on Submit.
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    const refusal = refuseEvidence(files);
    setInvalid(refusal);
    if (refusal) return;
    const result = await dispatch(createDispute({ bookingId, reason, description, files }));
    if (createDispute.fulfilled.match(result)) onOpened(result.payload);
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <form aria-labelledby="open-dispute-title" onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title id="open-dispute-title" order={2} size="h3">
            Open a dispute
          </Title>
          {booking && (
            <Text>
              About the {serviceWord(booking.service)} booking of{' '}
              {formatTimeRange(booking.startDate, booking.endDate)}.{' '}
              <Anchor component={Link} to={toPath(paths.bookingDetails, { id: bookingId })}>
                Back to the booking
              </Anchor>
            </Text>
          )}
          <TextInput
            label="Reason"
            required
            maxLength={200}
            value={reason}
            error={reasonError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
          />
          <Textarea
            label="What happened?"
            autosize
            minRows={4}
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <FileInput
            label="Evidence (optional)"
            description={`Up to ${DISPUTE_MAX_FILES} photos (JPEG, PNG) or PDFs, ${DISPUTE_MAX_FILE_MB} MB each`}
            multiple
            clearable
            accept={EVIDENCE_ACCEPT}
            value={files}
            onChange={(next) => {
              setFiles(next);
              setInvalid(null);
            }}
          />
          {(invalid ?? error) && (
            <Alert color="red" role="alert">
              {invalid ?? error}
            </Alert>
          )}
          <Button type="submit" loading={saving}>
            Submit dispute
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
