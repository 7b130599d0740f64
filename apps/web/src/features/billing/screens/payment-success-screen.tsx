import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PaymentSuccessScreen() {
  return (
    <ComingSoon
      feature="Payment successful"
      description="Thank you! Your subscription is active and its credits are on your account."
    />
  );
}
