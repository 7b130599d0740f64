import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { toPath, paths } from '../../../config/paths';
import type { Dispute } from '../disputes-api';
import { downloadEvidence } from '../lib/download';
import { formatDate, nameOf, partyName } from '../lib/dispute-format';
import { DisputeStatusBadge } from './dispute-status-badge';
import { serviceLabel } from '../../../config/service-labels';

function Evidence({ dispute }: { dispute: Dispute }) {
  const [error, setError] = useState<string | null>(null);
  if (dispute.evidence.length === 0) return <Text size="sm">No evidence attached.</Text>;
  return (
    <>
      <List spacing="xs">
        {dispute.evidence.map((file) => (
          <List.Item key={file._id}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setError(null);
                downloadEvidence(file.url, file.name).catch((e: unknown) =>
                  setError(e instanceof Error ? e.message : 'Download failed'),
                );
              }}
            >
              Download {file.name}
            </Button>
          </List.Item>
        ))}
      </List>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** What a dispute is about, who opened it, its evidence and its outcome. */
export function DisputeDetails({ dispute }: { dispute: Dispute }) {
  const { booking } = dispute;
  const winner = nameOf(dispute, dispute.winnerId);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="dispute-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title id="dispute-title" order={2} size="h3">
            {dispute.reason}
          </Title>
          <DisputeStatusBadge dispute={dispute} />
        </Group>
        <Text size="sm" c="dimmed">
          Opened by {nameOf(dispute, dispute.openedBy) ?? 'a party'} on{' '}
          {formatDate(dispute.createdAt)} · last update {formatDate(dispute.updatedAt)}
        </Text>
        <Text>
          Booking:{' '}
          <Anchor component={Link} to={toPath(paths.bookingDetails, { id: booking._id })}>
            {serviceLabel(booking.service)}, {formatDate(booking.startDate)}
          </Anchor>{' '}
          between {partyName(booking.owner)} (owner)
          {booking.provider ? ` and ${partyName(booking.provider)} (sitter)` : ''}
        </Text>
        {dispute.description && (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{dispute.description}</Text>
        )}
        <Title order={3} size="h5">
          Evidence
        </Title>
        <Evidence dispute={dispute} />
        {dispute.status !== 'open' && (
          <Alert color={dispute.status === 'resolved' ? 'teal' : 'gray'} title="Outcome">
            {dispute.status === 'resolved'
              ? winner
                ? `Resolved in favour of ${winner}.`
                : 'Resolved.'
              : 'Closed.'}
            {dispute.rejectionReason ? ` ${dispute.rejectionReason}` : ''}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
