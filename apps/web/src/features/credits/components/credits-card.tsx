import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { UserCredits } from '../credits-api';
import { fetchUserCredits } from '../user-credit-slice';

/** What the API sends at most: the newest entries of the ledger (credits.service ENTRIES_SHOWN). */
const ENTRIES_SENT = 100;

/**
 * The newest `count` ledger entries: when, why, and how much came in or went out; the rest of
 * what the API sent behind "Show all activity".
 */
function CreditHistory({ credits, count }: { credits: UserCredits; count: number }) {
  const [showAll, setShowAll] = useState(false);
  const sorted = [...credits.entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const entries = showAll ? sorted : sorted.slice(0, count);
  if (entries.length === 0) return <Text size="sm">No credits have come in or gone out yet.</Text>;
  return (
    <Stack gap={4}>
      <Stack
        component="ul"
        gap={4}
        m={0}
        p={0}
        aria-label={showAll ? 'Credit activity' : 'Latest credit activity'}
      >
        {entries.map((entry) => (
          <Group
            key={entry._id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            style={{ listStyle: 'none' }}
          >
            <Text size="sm">
              {entry.reason}{' '}
              <Text span size="xs" c="dark.4">
                {formatDate(entry.createdAt)}
              </Text>
            </Text>
            {/* An amount never breaks across lines (at 390 px it read "+$25. / 00"). */}
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {entry.amount > 0 ? '+' : '−'}
              {formatCents(Math.abs(entry.amount), credits.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
      {showAll && sorted.length >= ENTRIES_SENT && (
        <Text size="xs" c="dark.4">
          The {ENTRIES_SENT} newest entries are shown.
        </Text>
      )}
      {sorted.length > count && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Show the latest only' : `Show all activity (${sorted.length})`}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The signed-in user's credit balance (GET /api/userCredit/user-credits/{userId}), and with
 * `history` its newest entries (grants, packages, spends, refunds).
 */
export function CreditsCard({ userId, history = 0 }: { userId: string; history?: number }) {
  const dispatch = useAppDispatch();
  const credits = useAppSelector((state) => state.userCredit.byUser[userId]);
  const loading = useAppSelector((state) => state.userCredit.loading);
  const error = useAppSelector((state) => state.userCredit.error);

  useEffect(() => {
    void dispatch(fetchUserCredits(userId));
  }, [dispatch, userId]);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="credits-title">
      <Title id="credits-title" order={2} size="h4">
        Credits
      </Title>
      {credits ? (
        <Stack gap={2} mt="xs">
          <Text size="xl" fw={700} data-testid="credits-balance">
            {formatCents(credits.balance, credits.currency)}
          </Text>
          <Text size="sm" c="dimmed">
            Available to spend on bookings with a chosen sitter.
          </Text>
          {history > 0 && <CreditHistory credits={credits} count={history} />}
        </Stack>
      ) : loading ? (
        <Skeleton height={28} mt="xs" width={120} aria-label="Loading credits" />
      ) : error ? (
        <Alert color="red" role="alert" mt="xs">
          {error}
          <Button
            variant="subtle"
            size="xs"
            ml="sm"
            onClick={() => void dispatch(fetchUserCredits(userId))}
          >
            Retry
          </Button>
        </Alert>
      ) : null}
    </Paper>
  );
}
