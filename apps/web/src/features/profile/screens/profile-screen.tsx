import { ComingSoon } from '../../../components/ui/coming-soon';

export default function ProfileScreen() {
  return (
    <ComingSoon
      feature="Your profile"
      description="Your photo, bio, address, emergency contact, services and pet preferences."
    />
  );
}
