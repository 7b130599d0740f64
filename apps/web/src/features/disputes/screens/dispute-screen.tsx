import { ComingSoon } from '../../../components/ui/coming-soon';

export default function DisputeScreen() {
  return (
    <ComingSoon
      feature="Dispute details"
      description="The reason, evidence and current status of a dispute."
    />
  );
}
