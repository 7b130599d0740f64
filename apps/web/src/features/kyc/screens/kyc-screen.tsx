import { ComingSoon } from '../../../components/ui/coming-soon';

export default function KycScreen() {
  return (
    <ComingSoon
      feature="Identity verification"
      description="Upload an identity document so owners and sitters know who they are dealing with. Our team reviews submissions and replies right here."
    />
  );
}
