import { ComingSoon } from '../../../components/ui/coming-soon';

export default function AdminDashboardScreen() {
  return (
    <ComingSoon
      feature="Admin dashboard"
      description="Counts and trends across the marketplace: members by role, pending KYC reviews, open disputes, bookings by status, revenue and active subscriptions."
    />
  );
}
