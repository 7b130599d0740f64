import { ComingSoon } from '../../../components/ui/coming-soon';

export default function CouponsScreen() {
  return (
    <ComingSoon
      feature="Coupons"
      description="Create and manage discount coupons: code, discount, validity dates and redemption limits."
    />
  );
}
