import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths, toPath } from '../../../config/paths';
import { GrantCreditsForm } from '../../credits';
import type { Dispute } from '../disputes-api';
import { partyName } from '../lib/dispute-format';

/** The grant's reason field holds 200 characters; the dispute's reason may be as long. */
const REASON_MAX = 200;

/**
 * Settling a dispute with money: credits granted to the booking's owner from the dispute's own
 * page, written to the audit log and told to the member like any grant, with each party's member
 * page a link away. Credits pay for bookings, which only owners make: a sitter's loss is not
 * settled in credits (the API refuses them to sitters), and the panel says so.
 */
export function DisputeCreditsPanel({ dispute }: { dispute: Dispute }) {
  const { owner, provider } = dispute.booking;
  const [granted, setGranted] = useState<string | null>(null);
  const defaultReason = `Dispute: ${dispute.reason}`.slice(0, REASON_MAX);
  const ownerName = partyName(owner);

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="dispute-credits-title"
    >
      <Stack gap="sm">
        <Title id="dispute-credits-title" order={2} size="h4">
          Give credits
        </Title>
        <Text size="sm" c="dark.6">
          To make good the owner&apos;s loss, grant {ownerName} credits to spend on their next
          booking. They are notified and the grant is written to the audit log. Card payments are
          not refunded from here, and sitters cannot be given credits: they do not book.
        </Text>
        <Text size="sm">
          Member pages:{' '}
          <Anchor component={Link} to={toPath(paths.member, { memberId: owner._id })}>
            {ownerName}
          </Anchor>
          {provider && (
            <>
              {' · '}
              <Anchor component={Link} to={toPath(paths.member, { memberId: provider._id })}>
                {partyName(provider)}
              </Anchor>
            </>
          )}
        </Text>
        <GrantCreditsForm
          userId={owner._id}
          defaultReason={defaultReason}
          onGranted={() => setGranted(`Credits granted to ${ownerName} (owner).`)}
        />
        {granted && (
          <Text size="sm" role="status">
            {granted}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
