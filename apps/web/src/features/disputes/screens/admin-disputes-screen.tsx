import { ComingSoon } from '../../../components/ui/coming-soon';

export default function AdminDisputesScreen() {
  return (
    <ComingSoon
      feature="All disputes"
      description="Every dispute on the marketplace, filterable by status, for the admin team to resolve."
    />
  );
}
