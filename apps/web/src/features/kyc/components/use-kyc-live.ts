import { useEffect, useRef } from 'react';
import { liveChannel, useLiveRefresh, type LiveRefreshEvent } from '../../notifications';

/** A decision on the reader's own record reaches them as a `kyc` notice. */
const isDecisionNotice = (event: LiveRefreshEvent) =>
  event.kind === 'notification' && event.notification.type === 'kyc';

const kycIdOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null ? (data as { kycId?: unknown }).kycId : undefined;

/**
 * Refreshes a KYC screen when its record changes elsewhere, instead of waiting for the poll: a
 * message on record `recordId` pushed live (`kyc-message`, to the member and to its admins), a
 * decision notice (`kyc`), or a stream that may have missed events. The poll stays as the
 * fallback for a tab without the stream. `refetch` may change every render.
 */
export function useKycLive(recordId: string | undefined, refetch: () => void): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useLiveRefresh(isDecisionNotice, refetch, Boolean(recordId));
  useEffect(() => {
    if (!recordId) return undefined;
    return liveChannel.subscribe('kyc-message', (data) => {
      if (kycIdOf(data) === recordId) latest.current();
    });
  }, [recordId]);
}
