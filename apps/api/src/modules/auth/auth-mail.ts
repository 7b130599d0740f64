import type { FastifyInstance } from 'fastify';
import { resetCodeMail, signupCodeMail, signupExistingMail } from '../../lib/mail-templates.ts';
import type { UserRow } from '../../lib/user-wire.ts';
import * as repo from './auth.repository.ts';
import { issueCode, maySendMail, OTP_TTL_MINUTES, type AuthMailKind } from './otp.service.ts';

/** A mail's recipient: greeted by name once the address is confirmed (see Recipient). */
export const recipientOf = (user: Pick<UserRow, 'email' | 'first_name' | 'email_verified'>) => ({
  email: user.email,
  firstName: user.email_verified === 1 ? user.first_name : null,
});

/**
 * Every auth mail goes out through here, after the answer (mailer.sendLater): the address is
 * looked up, the one per-recipient gate is passed (maySendMail: one mail of a kind a minute, no
 * code while codes are paused for the day), and only then is a code issued or the notice
 * recorded. So an answer, its ids and its timing are the same whether a mail goes out or not,
 * and repeated calls cannot bomb an inbox (DESIGN §5).
 */
export function mailAfterAnswer(app: FastifyInstance, email: string, asked: AuthMailKind): void {
  app.mailer.sendLater(async () => {
    const user = await repo.findActiveUserByEmail(app.db, email);
    if (!user) return null;
    // Signing up again with an address whose account was never verified is most likely its owner
    // retrying: the screen asks for a code, so a code comes (not "no code was sent").
    const kind = asked === 'signup-notice' && user.email_verified !== 1 ? 'verify-email' : asked;
    if (kind === 'verify-email' && user.email_verified === 1) return null;
    if (!(await maySendMail(app, user.id, kind))) return null;
    const to = recipientOf(user);
    const { publicUrl } = app.config;
    if (kind === 'signup-notice') {
      return { to: user.email, ...signupExistingMail(to, publicUrl) };
    }
    const code = await issueCode(app, user.id, kind);
    const mail =
      kind === 'verify-email'
        ? signupCodeMail(to, code, OTP_TTL_MINUTES, publicUrl)
        : resetCodeMail(to, code, OTP_TTL_MINUTES, publicUrl);
    return { to: user.email, ...mail };
  });
}
