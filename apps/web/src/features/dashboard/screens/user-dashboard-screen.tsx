import { ComingSoon } from '../../../components/ui/coming-soon';

export default function UserDashboardScreen() {
  return (
    <ComingSoon
      feature="Your dashboard"
      description="Your upcoming bookings, messages, credits and verification status at a glance."
    />
  );
}
