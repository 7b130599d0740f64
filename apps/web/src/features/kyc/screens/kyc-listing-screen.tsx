import { ComingSoon } from '../../../components/ui/coming-soon';

export default function KycListingScreen() {
  return (
    <ComingSoon
      feature="KYC submissions"
      description="Review identity documents submitted by members, talk to them about their submission, and verify or reject it."
    />
  );
}
