import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/site';
import { paths } from '../../../config/paths';
import { ProsePage } from '../components/prose-page';

export default function TermsOfUseScreen() {
  return (
    <ProsePage
      title="Terms of use"
      updated="1 January 2026"
      lead="These terms are the agreement between you and Pawsy when you use our website and services. Please read them carefully; by creating an account you accept them."
    >
      <h2>1. What Pawsy is</h2>
      <p>
        Pawsy is an online marketplace that connects pet owners with independent pet sitters.
        Sitters are not Pawsy employees: each booking is an agreement between the owner and the
        sitter, and Pawsy provides the platform, payments, verification and support around it.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You must be at least 18 years old and give accurate, current information.</li>
        <li>Keep your password private; you are responsible for activity on your account.</li>
        <li>One person, one account. Accounts cannot be transferred.</li>
      </ul>

      <h2>3. Sitters</h2>
      <ul>
        <li>
          Complete identity verification: owners see your verified badge once our team has checked
          your ID.
        </li>
        <li>
          Describe your experience, services and rates honestly and keep your availability current.
        </li>
        <li>
          Care for pets as agreed with the owner, follow their instructions, and contact the owner
          (and, in an emergency, a vet) without delay if something goes wrong.
        </li>
      </ul>

      <h2>4. Owners</h2>
      <ul>
        <li>
          Describe your pet accurately, including behaviour, health conditions and medication.
        </li>
        <li>
          Make sure your pet is vaccinated as required locally and that the sitter can reach you.
        </li>
        <li>Pay for bookings through Pawsy only.</li>
      </ul>

      <h2>5. Bookings, payments and cancellations</h2>
      <p>
        A booking is confirmed when the owner accepts a sitter. Prices are shown before you confirm.
        Payments, subscription packages, credits and coupons are handled through Pawsy; arranging
        payment outside the platform is not allowed and removes our ability to help you. Either
        party may cancel a booking before it starts.
      </p>

      <h2>6. Reviews and messages</h2>
      <p>
        Reviews must be honest and based on a completed booking. Do not post abusive, discriminatory
        or misleading content, or share another person&apos;s contact details without consent. We
        may remove content that breaks these rules.
      </p>

      <h2>7. Disputes</h2>
      <p>
        If a booking goes wrong, open a dispute from the booking. Our team reviews the booking, the
        chat and any evidence from both sides and decides the outcome. We aim to be fair, but our
        decision does not limit any legal rights you have.
      </p>

      <h2>8. Suspension</h2>
      <p>
        We may suspend or close accounts that break these terms, put animals or people at risk, or
        misuse the platform.
      </p>

      <h2>9. Liability</h2>
      <p>
        Pawsy is not responsible for the acts of owners or sitters, but nothing in these terms
        limits liability that cannot be limited by law. Our total liability to you for any claim is
        limited to the fees you paid to Pawsy in the twelve months before the claim.
      </p>

      <h2>10. Privacy</h2>
      <p>
        How we handle personal data is described in our{' '}
        <Link to={paths.privacyPolicy}>privacy policy</Link>.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>{' '}
        or use our <Link to={paths.contactUs}>contact form</Link>.
      </p>
    </ProsePage>
  );
}
