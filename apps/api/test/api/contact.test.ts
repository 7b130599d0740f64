import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { readMails } from '../helpers/mail.ts';

let t: TestApp;
let admins: TestUser[];
let owner: TestUser;
let formerAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admins = [
    await createUser(t.app, { user_type: 'admin' }),
    await createUser(t.app, { user_type: 'admin' }),
  ];
  owner = await createUser(t.app);
  formerAdmin = await createUser(t.app, {
    user_type: 'admin',
    deleted_at: new Date().toISOString(),
  });
});
afterAll(() => t.close());

// Every test sends from its own address: the route allows 5 messages per client IP an hour.
let ipSeq = 0;
const nextIp = () => `198.51.100.${++ipSeq}`;

/** Objects go as JSON; a string is sent raw, labelled JSON (to test malformed bodies). */
const send = (
  payload: unknown,
  ip = nextIp(),
  extra: { token?: string; noSecret?: boolean } = {},
) =>
  t.call({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
    payload: payload as object | string | undefined,
    ...extra,
  });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ann Visitor',
  email: 'ann.visitor@example.test',
  subject: 'Booking help',
  message: 'Hello, I would like to know how bookings work.',
  ...overrides,
});

const storedCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/contact', () => {
  it('stores the message, mails every live admin with reply-to and notifies them in the app', async () => {
    const res = await send(
      valid({
        name: '  <b>Eve</b>  ',
        email: '  Eve.Sender@Example.TEST ',
        subject: 'Refund <question>',
        message: 'Line one <script>alert(1)</script>\nLine two & more',
        role: 'admin',
      }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'eve.sender@example.test')
      .execute();
    expect(rows).toHaveLength(1);
    const stored = rows[0]!;
    expect(res.json()).toEqual({
      success: true,
      message: 'Thanks! Your message has been sent.',
      data: { _id: stored.id, id: stored.id, createdAt: stored.created_at },
    });
    expect(rows[0]).toMatchObject({
      name: '<b>Eve</b>',
      subject: 'Refund <question>',
      message: 'Line one <script>alert(1)</script>\nLine two & more',
    });

    for (const admin of admins) {
      const mails = readMails(t.dataDir, admin.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]! as (typeof mails)[number] & { replyTo?: string };
      expect(mail.replyTo).toBe('eve.sender@example.test');
      expect(mail.subject).toContain('Refund <question>');
      expect(mail.text).toContain('Line one <script>alert(1)</script>\nLine two & more');
      expect(mail.html).toContain('Line one &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(mail.html).not.toContain('<script>');

      const list = (
        await t.call({ method: 'GET', url: '/api/notifications/all', token: admin.token })
      ).json().allNotifications as { type: string; message: string; data: object }[];
      const note = list.find((n) => n.type === 'contact-message');
      expect(note?.message).toContain('<b>Eve</b>');
      expect(note?.data).toMatchObject({ contactMessageId: rows[0]!.id });
    }
    expect(readMails(t.dataDir, owner.email)).toHaveLength(0);
    expect(readMails(t.dataDir, formerAdmin.email)).toHaveLength(0);
    const ownerList = await t.call({
      method: 'GET',
      url: '/api/notifications/all',
      token: owner.token,
    });
    expect(ownerList.json().allNotifications).toEqual([]);
  });

  it('accepts a message without subject, and from a logged-in caller', async () => {
    const { subject: _omit, ...noSubject } = valid({ email: 'nosubject@example.test' });
    const res = await send(noSubject, nextIp(), { token: owner.token });
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'nosubject@example.test')
      .executeTakeFirstOrThrow();
    expect(row.subject).toBeNull();
    expect(readMails(t.dataDir, admins[0]!.email).at(-1)?.subject).toContain('No subject');
  });

  it.each([
    ['no body', undefined, /./],
    ['a missing name', valid({ name: undefined }), /name/i],
    ['a blank name', valid({ name: '   ' }), /Name is required/],
    ['a missing email', valid({ email: undefined }), /email/i],
    ['a bad email', valid({ email: 'not-an-email' }), /valid email/],
    ['a too short message', valid({ message: 'Hi there' }), /at least 10/],
    ['a 200 kB message', valid({ message: 'x'.repeat(200_000) }), /at most 5000/],
    ['a too long subject', valid({ subject: 's'.repeat(151) }), /Subject is too long/],
    ['a number as name', valid({ name: 123 }), /name/i],
    ['an array as message', valid({ message: ['a long enough message'] }), /message/i],
    ['invalid JSON', '{"name": "Ann", ', /not valid JSON/],
  ])('answers 400 with a message for %s, storing and sending nothing', async (_l, body, msg) => {
    const before = await storedCount();
    const mailsBefore = readMails(t.dataDir).length;
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(msg);
    expect(await storedCount()).toBe(before);
    expect(readMails(t.dataDir)).toHaveLength(mailsBefore);
  });

  it('allows 5 messages per client IP an hour, then answers 429; other IPs are not blocked', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(valid(), ip)).statusCode).toBe(201);
    const before = await storedCount();
    const blocked = await send(valid(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many requests/);
    expect(await storedCount()).toBe(before);
    expect((await send(valid())).statusCode).toBe(201);
  });

  it('counts malformed messages against the limit too', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send({}, ip)).statusCode).toBe(400);
    expect((await send(valid(), ip)).statusCode).toBe(429);
  });

  it('needs the secret key like every API call', async () => {
    const before = await storedCount();
    const res = await send(valid(), nextIp(), { noSecret: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await storedCount()).toBe(before);
  });
});
