import { ComingSoon } from '../../../components/ui/coming-soon';

export default function AdminScreen() {
  return (
    <ComingSoon
      feature="Administration"
      description="Tools for admins: verification reviews, disputes, coupons and member management in one place."
    />
  );
}
