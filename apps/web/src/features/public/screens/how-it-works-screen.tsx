import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ProsePage } from '../components/prose-page';

export default function HowItWorksScreen() {
  return (
    <ProsePage
      title="How Pawsy works"
      actions={
        <Group mt="xl">
          <Button component={Link} to={paths.signUp}>
            Get started
          </Button>
          <Button component={Link} to={paths.petSitters} variant="default">
            Browse sitters
          </Button>
        </Group>
      }
      lead="Pawsy is a marketplace: pet owners book care, independent sitters provide it, and we keep everyone safe, informed and paid. Here is what to expect on each side."
    >
      <h2 id="owners">For pet owners</h2>
      <ol>
        <li>
          <strong>Create your account and add your pets.</strong> Note feeding times, medication,
          walking habits and anything a stranger should know (the sock-stealing, the fear of
          thunder).
        </li>
        <li>
          <strong>Find a sitter.</strong> Browse sitters near you, or post a request with your dates
          and let sitters apply. Profiles show services, rates, experience and reviews, and a
          verified badge once our team has checked the sitter&apos;s ID.
        </li>
        <li>
          <strong>Talk it over in the booking&apos;s chat.</strong> Chat opens with a booking
          request: once you have asked a sitter, or a sitter has applied, you can talk there before
          the booking is accepted. Ask questions, arrange a meet-and-greet, and share keys or door
          codes only once you are comfortable.
        </li>
        <li>
          <strong>Confirm and pay.</strong> A request to a chosen sitter shows its price up front
          and is paid through Pawsy at checkout, booking credits first (subscription packages
          include them, and coupons apply to packages). A posted request is priced when you accept a
          sitter.
        </li>
        <li>
          <strong>Stay in the loop, then review.</strong> Your sitter updates the booking as it
          starts and finishes. Afterwards, leave an honest review to help the next owner.
        </li>
      </ol>

      <h2 id="sitters">For sitters</h2>
      <ol>
        <li>
          <strong>Sign up as a sitter</strong> and pick the services you offer: dog walking, pet
          sitting, boarding, drop-in visits or grooming.
        </li>
        <li>
          <strong>Verify your identity.</strong> Upload a government ID. Our team reviews it,
          usually within one working day, and can message you if anything is unclear.
        </li>
        <li>
          <strong>Complete your profile.</strong> Add a photo, a short bio, your area and your rates
          per service. Owners book sitters whose profiles feel personal and specific.
        </li>
        <li>
          <strong>Answer requests.</strong> Apply to open requests nearby or accept direct
          invitations. Once an owner accepts you, the booking is yours.
        </li>
        <li>
          <strong>Provide great care and get paid.</strong> Start and complete the booking in the
          app, keep the owner updated in the chat, and collect reviews that grow your business.
        </li>
      </ol>

      <h2 id="safety">If something goes wrong</h2>
      <p>
        Either party can open a dispute on a booking. Our team reads both sides and the chat
        history, then resolves it fairly. You can follow every step from your dashboard.
      </p>
      <p>
        Questions first? Read our <Link to={paths.termsOfUse}>terms of use</Link> or{' '}
        <Link to={paths.contactUs}>contact us</Link>.
      </p>
    </ProsePage>
  );
}
