import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PetSitterScreen() {
  return (
    <ComingSoon
      feature="Sitter profile"
      description="A sitter's services, rates, reviews and availability, with a button to request a booking."
    />
  );
}
