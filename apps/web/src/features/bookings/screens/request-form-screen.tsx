import { ComingSoon } from '../../../components/ui/coming-soon';

export default function RequestFormScreen() {
  return (
    <ComingSoon
      feature="Request a sitter"
      description="Describe what your pet needs — service, dates and notes — and invite sitters to apply."
    />
  );
}
