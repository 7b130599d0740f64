import { ComingSoon } from '../../../components/ui/coming-soon';

export default function AdminDisputeScreen() {
  return (
    <ComingSoon
      feature="Resolve a dispute"
      description="Read both sides, then reopen, resolve (naming a winner) or close the dispute."
    />
  );
}
