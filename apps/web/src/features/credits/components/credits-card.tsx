import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCents } from '../../../lib/money';
import { fetchUserCredits } from '../user-credit-slice';

/** The signed-in user's credit balance (GET /api/userCredit/user-credits/{userId}). */
export function CreditsCard({ userId }: { userId: string }) {
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
