import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PetDetailsScreen() {
  return (
    <ComingSoon
      feature="Your pets"
      description="Add your pets with their care notes, photos and routines so sitters know exactly what they need."
    />
  );
}
