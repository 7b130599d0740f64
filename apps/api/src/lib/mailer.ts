import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  /** Which template made it: logged instead of the subject, which may name personal details. */
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go instead of the sender (e.g. the visitor who wrote through the contact form). */
  replyTo?: string;
  /** A one-time code carried by the message; kept in the dev outbox file for tests, never sent. */
  code?: string;
};

export type Mailer = {
  /**
   * Hands a message over for delivery. Never throws: a failed delivery is logged and the request
   * that caused it still succeeds (the user can ask for the mail again).
   */
  send: (message: MailMessage) => Promise<void>;
  /**
   * Runs `compose` once the current request has been answered and sends the mail it returns
   * (null: none). For mails whose making (a lookup, a code written) must not show in the answer
   * or its timing, e.g. whether an address holds an account. Tracked like the deliveries:
   * `settled()` and `close()` wait for it; a failure is logged, never thrown.
   */
  sendLater: (compose: () => Promise<MailMessage | null>) => void;
  /** Waits until no delivery or `sendLater` is under way (tests read the outbox after it). */
  settled: () => Promise<void>;
  /** Waits for deliveries still under way (called on app close). */
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type MailerOptions = { smtpUrl: string | null; dataDir: string; from: string };

/**
 * What a log line may say about a mail: its template and a hash of the recipient, never the
 * subject or body (one-time codes, names) nor the address itself.
 */
export function mailLogFields(message: Pick<MailMessage, 'template' | 'to'>) {
  const recipient = createHash('sha256')
    .update(message.to.trim().toLowerCase())
    .digest('hex')
    .slice(0, 16);
  return { template: message.template, recipient };
}

/** SMTP when SMTP_URL is set; otherwise every mail becomes a JSON file under DATA_DIR/mail/. */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  const pending = new Set<Promise<void>>();
  const transport = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, log, pending)
    : createOutboxMailer(path.join(options.dataDir, 'mail'), log);
  const settled = async () => {
    // A job may start another (sendLater hands its mail to an SMTP delivery): wait for all.
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    send: transport.send,
    sendLater: (compose) => {
      // setImmediate: after the answer the caller is about to give has been handed over.
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .then((message) => (message ? transport.send(message) : undefined))
        .catch((err: unknown) => log.error({ err }, 'a mail could not be prepared'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    settled,
    close: async () => {
      await settled();
      await transport.close();
    },
  };
}

type Transport = Pick<Mailer, 'send' | 'close'>;

function createSmtpMailer(
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
  pending: Set<Promise<void>>,
): Transport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    // Delivery runs in the background so an SMTP round trip neither slows the answer nor makes
    // "mail sent" and "no such account" distinguishable by timing.
    send: async ({ template, to, subject, text, html, replyTo }) => {
      const job = transport
        .sendMail({ from, to, subject, text, html, ...(replyTo ? { replyTo } : {}) })
        .then(() => log.info(mailLogFields({ template, to }), 'mail sent'))
        .catch((err: unknown) =>
          log.error({ err, ...mailLogFields({ template, to }) }, 'mail delivery failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    close: async () => {
      transport.close();
    },
  };
}

let lastStamp = 0;

/** File names sort by creation, also for mails written within the same millisecond. */
function outboxFileName(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = new Date(lastStamp).toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.json`;
}

function createOutboxMailer(dir: string, log: FastifyBaseLogger): Transport {
  return {
    send: async (message) => {
      try {
        await fs.mkdir(dir, { recursive: true });
        const file = path.join(dir, outboxFileName());
        const body = { ...message, createdAt: new Date().toISOString() };
        // Written aside, then renamed into place: a reader of the outbox (the browser suite,
        // an operator's script) never opens a mail that is still being written.
        const partial = `${file}.partial`;
        await fs.writeFile(partial, JSON.stringify(body, null, 2), { mode: 0o600 });
        await fs.rename(partial, file);
        log.info(
          { ...mailLogFields(message), file: path.basename(file) },
          'mail written to outbox',
        );
      } catch (err) {
        log.error({ err, ...mailLogFields(message) }, 'mail could not be written to the outbox');
      }
    },
    close: async () => {},
  };
}
