import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PaymentCancelScreen() {
  return (
    <ComingSoon
      feature="Payment cancelled"
      description="No payment was taken. You can pick a package again whenever you are ready."
    />
  );
}
