import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PetSittersScreen() {
  return (
    <ComingSoon
      feature="Find pet sitters"
      description="Browse verified sitters near you, filter by name or city, and compare ratings and services."
    />
  );
}
