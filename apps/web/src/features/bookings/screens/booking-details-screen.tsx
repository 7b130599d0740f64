import { ComingSoon } from '../../../components/ui/coming-soon';

export default function BookingDetailsScreen() {
  return (
    <ComingSoon
      feature="Booking details"
      description="Dates, pets, sitter, price and status of a booking, with its chat, reviews and dispute options."
    />
  );
}
