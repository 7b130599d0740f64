import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { passwordChangedMail, signupCodeMail } from './mail-templates.ts';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-mail-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const message = (n: number) => ({
  template: 'test',
  to: `u${n}@example.test`,
  subject: `S${n}`,
  text: 't',
  html: 'h',
});

/** A logger that keeps every line it writes, to check what reaches the logs. */
function recordingLog() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('what mail logging reveals', () => {
  it('logs the template and a hash of the recipient, never the code, subject or address', async () => {
    const { logger, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: null, dataDir: tempDir(), from: 'x' }, logger);
    const mail = signupCodeMail(
      { email: 'olive@example.test', firstName: 'Olive' },
      '482913',
      10,
      'http://localhost:3000',
    );
    expect(mail.subject).not.toContain('482913');
    await mailer.send({ to: 'Olive@Example.test', ...mail });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry.template).toBe('signup-code');
    expect(entry.recipient).toMatch(/^[a-f0-9]{16}$/);
    const logged = lines.join('\n').toLowerCase();
    for (const secret of ['482913', 'olive@example.test', 'verification code'])
      expect(logged).not.toContain(secret);
  });
});

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes one JSON file per mail, named so that sorting gives creation order', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: null, dataDir, from: 'Pawsy <x@y>' }, log);
    for (let i = 0; i < 30; i++) await mailer.send({ ...message(i), code: '012345' });
    const files = fs.readdirSync(path.join(dataDir, 'mail')).sort();
    expect(files).toHaveLength(30);
    for (const f of files)
      expect(f).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[a-f0-9]{8}\.json$/);
    const subjects = files.map(
      (f) => JSON.parse(fs.readFileSync(path.join(dataDir, 'mail', f), 'utf8')).subject,
    );
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `S${i}`));
    const first = JSON.parse(fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8'));
    expect(first).toMatchObject({ to: 'u0@example.test', text: 't', html: 'h', code: '012345' });
    expect(Date.parse(first.createdAt)).not.toBeNaN();
  });

  it('never lets a reader see a mail half written', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'mail');
    const mailer = createMailer({ smtpUrl: null, dataDir, from: 'Pawsy <x@y>' }, log);
    await mailer.send(message(0));
    let done = false;
    const sending = Promise.all(
      Array.from({ length: 40 }, (_, i) => mailer.send(message(i + 1))),
    ).then(() => (done = true));
    const seen = new Set<string>();
    while (!done) {
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
        expect(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).subject).toMatch(/^S\d+$/);
        seen.add(f);
      }
      await new Promise((r) => setImmediate(r));
    }
    await sending;
    expect(fs.readdirSync(dir)).toHaveLength(41); // nothing left aside
    expect(seen.size).toBeGreaterThan(0);
  });

  it('never throws when the outbox cannot be written', async () => {
    const blocker = path.join(tempDir(), 'file');
    fs.writeFileSync(blocker, '');
    const mailer = createMailer({ smtpUrl: null, dataDir: blocker, from: 'x' }, log);
    await expect(mailer.send(message(1))).resolves.toBeUndefined();
  });
});

/** A minimal SMTP relay on localhost that records what it receives. */
function fakeSmtp(): Promise<{ url: string; received: string[]; close: () => void }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let idx;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received.push(line);
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() });
    }),
  );
}

describe('SMTP mailer (SMTP_URL set)', () => {
  it('delivers through the relay and writes no outbox file', async () => {
    const relay = await fakeSmtp();
    const dataDir = tempDir();
    const mailer = createMailer(
      { smtpUrl: relay.url, dataDir, from: 'Pawsy <no-reply@pawsy.test>' },
      log,
    );
    const mail = signupCodeMail({ email: 'a@b.test', firstName: 'Ann' }, '654321', 10, 'http://x');
    await mailer.send({ to: 'a@b.test', ...mail });
    await mailer.close();
    relay.close();
    const raw = relay.received.join('\n');
    expect(raw).toMatch(/Subject: Your Pawsy verification code\r?\n/);
    expect(raw).toMatch(/To: a@b\.test/);
    expect(fs.existsSync(path.join(dataDir, 'mail'))).toBe(false);
  });

  it('sets Reply-To when the message names one', async () => {
    const relay = await fakeSmtp();
    const mailer = createMailer(
      { smtpUrl: relay.url, dataDir: tempDir(), from: 'Pawsy <no-reply@pawsy.test>' },
      log,
    );
    await mailer.send({ ...message(1), replyTo: 'visitor@example.test' });
    await mailer.close();
    relay.close();
    expect(relay.received.join('\n')).toMatch(/Reply-To: visitor@example\.test/);
  });

  it('logs a refused delivery instead of failing the caller', async () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', dataDir: tempDir(), from: 'x@y.z' },
      log,
    );
    await expect(mailer.send(message(1))).resolves.toBeUndefined();
    await mailer.close();
  });
});

describe('mail templates', () => {
  it('escape names in HTML and keep them on one line in text', () => {
    const mail = passwordChangedMail(
      { email: 'a@b.test', firstName: '<b>Eve</b>\r\nBcc: x' },
      'http://x',
    );
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve');
    expect(mail.text.split('\n')[0]).toBe('Hi <b>Eve</b> Bcc: x,');
  });
});

describe('sendLater (mails made after the answer)', () => {
  it('starts after the caller moves on; settled() and close() wait for it; failures are logged', async () => {
    const dataDir = tempDir();
    const { logger, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: null, dataDir, from: 'x' }, logger);
    const steps: string[] = [];
    mailer.sendLater(async () => {
      steps.push('composed');
      return message(1);
    });
    mailer.sendLater(() => Promise.resolve(null));
    mailer.sendLater(() => Promise.reject(new Error('no database')));
    steps.push('answered');
    await mailer.settled();
    expect(steps).toEqual(['answered', 'composed']);
    expect(fs.readdirSync(path.join(dataDir, 'mail'))).toHaveLength(1);
    expect(lines.some((l) => JSON.parse(l).msg === 'a mail could not be prepared')).toBe(true);

    mailer.sendLater(async () => message(2));
    await mailer.close();
    expect(fs.readdirSync(path.join(dataDir, 'mail'))).toHaveLength(2);
  });
});
