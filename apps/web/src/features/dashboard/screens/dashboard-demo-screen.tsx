import { ComingSoon } from '../../../components/ui/coming-soon';

export default function DashboardDemoScreen() {
  return (
    <ComingSoon
      feature="Dashboard preview"
      description="A preview of the Pawsy dashboard with sample bookings, earnings and activity."
    />
  );
}
