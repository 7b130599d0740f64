import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dispute } from '../disputes-api';
import { formatDate, partyName } from '../lib/dispute-format';
import { DisputeStatusBadge } from './dispute-status-badge';
import { serviceLabel } from '../../../config/service-labels';

/** Disputes as a list of linked cards; `linkTo` gives each one's detail path. */
export function DisputeList({
  disputes,
  linkTo,
  label,
}: {
  disputes: Dispute[];
  linkTo: (dispute: Dispute) => string;
  label: string;
}) {
  return (
    <Stack component="ul" aria-label={label} gap="sm" p={0} style={{ listStyle: 'none' }}>
      {disputes.map((d) => (
        <Paper key={d._id} component="li" withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Anchor component={Link} to={linkTo(d)} fw={600}>
                {d.reason}
              </Anchor>
              <Text size="sm" c="dimmed">
                {serviceLabel(d.booking.service)} · {partyName(d.booking.owner)}
                {d.booking.provider ? ` and ${partyName(d.booking.provider)}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                Updated {formatDate(d.updatedAt)}
              </Text>
            </div>
            <DisputeStatusBadge dispute={d} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
