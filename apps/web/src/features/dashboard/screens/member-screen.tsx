import { ComingSoon } from '../../../components/ui/coming-soon';

export default function MemberScreen() {
  return (
    <ComingSoon
      feature="Member details"
      description="An admin view of one member: profile, verification flags, bookings and subscription status."
    />
  );
}
