import { Alert, Button, List, Paper, Stack, Text, Title, type AlertProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { sendInvites } from '../booking-slice';
import type { Booking } from '../bookings-api';
import { SitterPicker } from './sitter-picker';

/** An open booking its owner may still invite sitters to: pending, no sitter, not a series visit. */
export const isOpenForInvites = (booking: Booking) =>
  booking.status === 'pending' && !booking.provider_id && !booking.seriesId;

/** The invitations that could not be sent, each with the API's reason ("Nora is away from …"). */
export function InviteFailures({
  failures,
  ...props
}: { failures: readonly string[] } & Omit<AlertProps, 'children'>) {
  const title =
    failures.length === 1
      ? 'An invitation could not be sent'
      : `${failures.length} invitations could not be sent`;
  return (
    <Alert color="yellow" title={title} role="alert" {...props}>
      <List size="sm">
        {failures.map((message, index) => (
          <List.Item key={index}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

type InviteSittersFormProps = {
  booking: Booking;
  /** The species of the booking's pets (the sitters offered must take them). */
  species: readonly string[];
  /** Sitters who already applied or were invited: not offered again. */
  asked: readonly string[];
  onSent: () => void;
};

/** The owner's open booking: invite up to five more sitters who offer its service and take its pets. */
export function InviteSittersForm({ booking, species, asked, onSent }: InviteSittersFormProps) {
  const [ids, setIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [failures, setFailures] = useState<string[]>([]);
  const [isSending, setSending] = useState(false);

  const send = async () => {
    if (ids.length === 0) {
      setError('Choose at least one sitter to invite');
      return;
    }
    setSending(true);
    const failed = await sendInvites(booking._id, ids);
    setSending(false);
    setFailures(failed);
    const sent = ids.length - failed.length;
    if (sent > 0)
      notifications.show({
        color: 'green',
        message: `${sent} invitation${sent === 1 ? '' : 's'} sent`,
      });
    setIds([]);
    onSent();
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="invite-title">
      <Title id="invite-title" order={2} size="h4">
        Invite sitters
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Sitters nearby can still apply; you can also ask some yourself.
      </Text>
      {failures.length > 0 && <InviteFailures failures={failures} mt="sm" />}
      <Stack mt="sm" gap="sm" align="flex-start">
        <SitterPicker
          service={booking.service}
          species={species}
          exclude={asked}
          value={ids}
          onChange={(next) => {
            setIds(next);
            setError(undefined);
          }}
          error={error}
        />
        <Button onClick={() => void send()} loading={isSending}>
          Send invitations
        </Button>
      </Stack>
    </Paper>
  );
}
