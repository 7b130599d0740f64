import { ComingSoon } from '../../../components/ui/coming-soon';

export default function CheckoutScreen() {
  return (
    <ComingSoon
      feature="Checkout"
      description="Review the price of your booking, apply credits and confirm."
    />
  );
}
