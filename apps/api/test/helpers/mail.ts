import fs from 'node:fs';
import path from 'node:path';

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  code?: string;
};

/** Every mail the dev outbox (DATA_DIR/mail/) holds, oldest first; optionally only those to `to`. */
export function readMails(dataDir: string, to?: string): OutboxMail[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMail)
    .filter((m) => to === undefined || m.to === to.toLowerCase());
}

/** The newest mail to `to`; throws when there is none. */
export function lastMail(dataDir: string, to: string): OutboxMail {
  const mail = readMails(dataDir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The one-time code of the newest mail to `to`. */
export function lastCode(dataDir: string, to: string): string {
  const code = lastMail(dataDir, to).code;
  if (!code) throw new Error(`newest mail to ${to} carries no code`);
  return code;
}
