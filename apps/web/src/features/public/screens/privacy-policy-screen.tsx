import { SUPPORT_EMAIL } from '../../../config/site';
import { ProsePage } from '../components/prose-page';

export default function PrivacyPolicyScreen() {
  return (
    <ProsePage
      title="Privacy policy"
      updated="1 January 2026"
      lead="This policy explains what personal data Pawsy collects, why, who sees it and the choices you have. We collect only what we need to run a safe pet-care marketplace."
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, phone number, password (stored
          only as a one-way hash) and whether you use Pawsy as an owner or a sitter.
        </li>
        <li>
          <strong>Profile details:</strong> photo, bio, address, city, emergency contact, services,
          rates, pet preferences and an approximate location used to show nearby sitters.
        </li>
        <li>
          <strong>Identity documents:</strong> the ID you upload for verification (KYC), its dates
          and type, and your conversation with our review team.
        </li>
        <li>
          <strong>Pets:</strong> the details and photos you add so sitters can care for them.
        </li>
        <li>
          <strong>Bookings and messages:</strong> dates, services, prices, booking chats, reviews
          and any disputes.
        </li>
        <li>
          <strong>Payments:</strong> subscription and credit records. Card details are handled by
          our payment provider and never reach our servers.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To create your account, sign you in and keep your session secure.</li>
        <li>To show sitters near you and let owners and sitters book and message each other.</li>
        <li>To verify identities, prevent fraud and resolve disputes.</li>
        <li>To send service emails such as sign-up codes, booking updates and password resets.</li>
        <li>To meet legal, tax and accounting obligations.</li>
      </ul>
      <p>We do not sell your personal data and we do not use it for third-party advertising.</p>

      <h2>Who can see what</h2>
      <p>
        Other members see your public profile: name, photo, bio, services, rates, reviews and an
        approximate area (never your exact address or coordinates). Your email address and phone
        number are never shown on public sitter cards. Identity documents are visible only to you
        and Pawsy&apos;s review team. Booking chats are visible to the two parties of the booking,
        and to our team if a dispute is opened on it.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your data while your account is open. When you close it, we anonymise your personal
        details but keep booking, review and dispute records that other members rely on, for as long
        as the law requires.
      </p>

      <h2>Security</h2>
      <p>
        Passwords are hashed, sessions expire and are revoked when you log out or change your
        password, and identity documents are stored privately. Your browser keeps your session only
        for the current tab.
      </p>

      <h2>Your rights</h2>
      <p>
        You can access, correct, export or delete your data, object to certain uses and withdraw
        consent at any time. Most details can be changed from your profile and settings; for
        anything else, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will
        answer within 30 days.
      </p>

      <h2>Changes</h2>
      <p>
        If we change this policy in a meaningful way we will tell you by email or in the app before
        the change takes effect.
      </p>
    </ProsePage>
  );
}
