import { ComingSoon } from '../../../components/ui/coming-soon';

export default function SubscribeScreen() {
  return (
    <ComingSoon
      feature="Subscribe"
      description="Choose a package, add a coupon if you have one, and pay securely."
    />
  );
}
