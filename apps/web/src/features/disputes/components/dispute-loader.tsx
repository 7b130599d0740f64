import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Dispute } from '../disputes-api';
import { fetchDispute } from '../dispute-slice';

/** Loads dispute `id` into the store and renders `children` with it (or the error, or a skeleton). */
export function DisputeLoader({
  id,
  children,
}: {
  id: string;
  children: (dispute: Dispute) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const { current, loading, error } = useAppSelector((state) => state.dispute);
  const dispute = current && current._id === id ? current : null;

  useEffect(() => {
    void dispatch(fetchDispute(id));
  }, [dispatch, id]);

  if (dispute) return <>{children(dispute)}</>;
  if (error && !loading)
    return (
      <Paper withBorder radius="lg" p="lg">
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Button mt="md" variant="light" onClick={() => void dispatch(fetchDispute(id))}>
          Retry
        </Button>
      </Paper>
    );
  return (
    <Stack role="status" aria-label="Loading dispute">
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}
