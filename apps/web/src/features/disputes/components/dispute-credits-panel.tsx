import { Anchor, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths, toPath } from '../../../config/paths';
import { GrantCreditsForm } from '../../credits';
import type { Dispute } from '../disputes-api';
import { partyName } from '../lib/dispute-format';

/** The grant's reason field holds 200 characters; the dispute's reason may be as long. */
const REASON_MAX = 200;

/**
 * Settling a dispute with money: credits granted to a party from the dispute's own page (the
 * winner, else the owner, chosen first), written to the audit log and told to the member like
 * any grant, with each party's member page a link away.
 */
export function DisputeCreditsPanel({ dispute }: { dispute: Dispute }) {
  const { owner, provider } = dispute.booking;
  const parties = [
    { value: owner._id, label: `${partyName(owner)} (owner)` },
    ...(provider ? [{ value: provider._id, label: `${partyName(provider)} (sitter)` }] : []),
  ];
  const [partyId, setPartyId] = useState(
    parties.some((p) => p.value === dispute.winnerId) ? dispute.winnerId! : owner._id,
  );
  const [granted, setGranted] = useState<string | null>(null);
  const chosen = parties.find((p) => p.value === partyId) ?? parties[0]!;
  const defaultReason = `Dispute: ${dispute.reason}`.slice(0, REASON_MAX);

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
          To make good a party&apos;s loss, grant them credits to spend on their next booking. The
          member is notified and the grant is written to the audit log. Card payments are not
          refunded from here.
        </Text>
        <Text size="sm">
          Member pages:{' '}
          <Anchor component={Link} to={toPath(paths.member, { memberId: owner._id })}>
            {partyName(owner)}
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
        <Select
          label="Grant to"
          data={parties}
          value={partyId}
          allowDeselect={false}
          onChange={(value) => {
            if (value) setPartyId(value);
            setGranted(null);
          }}
        />
        <GrantCreditsForm
          key={partyId}
          userId={partyId}
          defaultReason={defaultReason}
          onGranted={() => setGranted(`Credits granted to ${chosen.label}.`)}
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
