import { ComingSoon } from '../../../components/ui/coming-soon';

export default function PackagesScreen() {
  return (
    <ComingSoon
      feature="Packages"
      description="Subscription packages with booking credits included."
    />
  );
}
