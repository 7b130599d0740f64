import { ComingSoon } from '../../../components/ui/coming-soon';

export default function RequestPageScreen() {
  return (
    <ComingSoon
      feature="Booking requests"
      description="Open requests from pet owners near you: apply to the ones that fit your schedule, and answer direct invitations."
    />
  );
}
