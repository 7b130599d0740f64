import { Button, Group } from '@mantine/core';

export type Decision = 'accepted' | 'rejected';

/** Which decision a busy key (as each caller spells it) stands for, if any. */
export function pendingDecision(
  busy: string | null,
  keyOf: (decision: Decision) => string,
): Decision | null {
  if (busy === keyOf('accepted')) return 'accepted';
  if (busy === keyOf('rejected')) return 'rejected';
  return null;
}

type Props = {
  /** Which decision is being sent, if any: its button spins and both are disabled. */
  pending: Decision | null;
  isBusy: boolean;
  onDecide: (decision: Decision) => void;
  /** Who is being accepted or rejected, for screen readers ("Accept Sam O."). */
  subject?: string;
  mt?: string;
  /** false: only Reject is offered (accepting can only be refused, as a note beside it says). */
  canAccept?: boolean;
};

/** Accept / Reject for a booking request, wherever the caller may decide it. */
export function DecisionButtons({
  pending,
  isBusy,
  onDecide,
  subject,
  mt,
  canAccept = true,
}: Props) {
  const label = (verb: string) => (subject ? `${verb} ${subject}` : verb);
  return (
    <Group gap="xs" mt={mt}>
      {canAccept && (
        <Button
          size="xs"
          onClick={() => onDecide('accepted')}
          loading={pending === 'accepted'}
          disabled={isBusy}
          aria-label={label('Accept')}
        >
          Accept
        </Button>
      )}
      <Button
        size="xs"
        variant="outline"
        color="red.8"
        onClick={() => onDecide('rejected')}
        loading={pending === 'rejected'}
        disabled={isBusy}
        aria-label={label('Reject')}
      >
        Reject
      </Button>
    </Group>
  );
}
