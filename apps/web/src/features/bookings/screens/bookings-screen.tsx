import { ComingSoon } from '../../../components/ui/coming-soon';

export default function BookingsScreen() {
  return (
    <ComingSoon
      feature="Bookings"
      description="All your bookings in one place: requested, accepted, in progress and completed, with chat and reviews."
    />
  );
}
