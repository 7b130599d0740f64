import { Skeleton, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadError } from '../../../components/ui/load-error';
import { useLiveRefresh } from '../../notifications';
import type { Dispute } from '../disputes-api';
import { fetchDispute } from '../dispute-slice';

/**
 * Loads dispute `id` into the store and renders `children` with it (or the error, or a skeleton).
 * A dispute that is not there offers the way back to `back`'s list; only a failure a retry could
 * fix offers Retry.
 */
export function DisputeLoader({
  id,
  back,
  children,
}: {
  id: string;
  back: { to: string; label: string };
  children: (dispute: Dispute) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const { current, loading, error, errorRetryable } = useAppSelector((state) => state.dispute);
  const dispute = current && current._id === id ? current : null;

  useEffect(() => {
    void dispatch(fetchDispute(id));
  }, [dispatch, id]);

  // Both parties are notified of every change: refresh the dispute on screen when one arrives.
  useLiveRefresh(
    (event) =>
      event.kind === 'notification' &&
      event.notification.type === 'dispute' &&
      (event.notification.data as { disputeId?: unknown }).disputeId === id,
    () => void dispatch(fetchDispute(id)),
  );

  if (dispute) return <>{children(dispute)}</>;
  if (error && !loading)
    return (
      <LoadError
        message={error}
        retryable={errorRetryable ?? true}
        onRetry={() => void dispatch(fetchDispute(id))}
        backTo={back.to}
        backLabel={back.label}
      />
    );
  return (
    <Stack role="status" aria-label="Loading dispute">
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}
