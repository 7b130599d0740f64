import { ComingSoon } from '../../../components/ui/coming-soon';

export default function DisputesScreen() {
  return (
    <ComingSoon
      feature="Disputes"
      description="Raise a problem with a booking and follow its resolution by the Pawsy team."
    />
  );
}
