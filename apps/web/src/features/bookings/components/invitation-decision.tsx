import type { MyRequest } from '../bookings-api';
import { CannotApplyNote } from './cannot-apply-note';
import { DecisionButtons, pendingDecision, type Decision } from './decision-buttons';

/**
 * A sitter's answer to an invitation: Accept and Reject, or, when their calendar rules it out
 * (`cannotAccept`), why beside Reject alone. `busy` is the board's busy key (`accepted:{id}`…).
 */
export function InvitationDecision({
  invitation,
  busy,
  onDecide,
}: {
  invitation: MyRequest;
  busy: string | null;
  onDecide: (decision: Decision) => void;
}) {
  return (
    <>
      {invitation.cannotAccept && (
        <CannotApplyNote reason={invitation.cannotAccept} to="accept it" />
      )}
      <DecisionButtons
        mt="sm"
        pending={pendingDecision(busy, (d) => `${d}:${invitation.booking._id}`)}
        isBusy={busy !== null}
        canAccept={!invitation.cannotAccept}
        onDecide={onDecide}
      />
    </>
  );
}
