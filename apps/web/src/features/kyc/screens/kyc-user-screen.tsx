import { ComingSoon } from '../../../components/ui/coming-soon';

export default function KycUserScreen() {
  return (
    <ComingSoon
      feature="Member verification"
      description="The identity documents and review conversation of one member."
    />
  );
}
