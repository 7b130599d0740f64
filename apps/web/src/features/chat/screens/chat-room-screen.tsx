import { ComingSoon } from '../../../components/ui/coming-soon';

export default function ChatRoomScreen() {
  return (
    <ComingSoon
      feature="Messages"
      description="Your conversations with owners and sitters, one thread per booking."
    />
  );
}
