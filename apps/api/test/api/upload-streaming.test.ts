import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { TOO_MANY_UPLOADS } from '../../src/lib/upload-limits.ts';
import { uploadsDir } from '../../src/lib/uploads.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { doc, submitKyc, TINY_PDF } from '../helpers/kyc-fixtures.ts';

/**
 * Uploads are received as streams: what can be refused without a file is refused before the file
 * arrives, a file is typed from its head and cut at its limit, and one member has at most two
 * uploads in flight. Each "stalled" body below is sent up to a point and then waits, as a slow or
 * hostile client does; an answer that needed the rest of the body would never come.
 */
let t: TestApp;
const open: PassThrough[] = [];

beforeAll(async () => {
  t = await createTestApp();
  fs.mkdirSync(uploadsDir(t.dataDir), { recursive: true });
}, 60_000);
afterAll(async () => {
  for (const s of open) s.destroy();
  await closeApp(t);
});

type Stalled = { answer: Promise<LightMyRequestResponse | 'no answer'>; finish: () => void };

/** Sends `fields`, then the start of a file part holding `head`, and waits (never ends). */
function stalled(
  opts: { method: string; url: string; token: string },
  fields: Record<string, string>,
  file: { field: string; type: string; head: Buffer },
): Stalled {
  const boundary = `----stall${Math.random().toString(16).slice(2)}`;
  const body = new PassThrough();
  open.push(body);
  for (const [k, v] of Object.entries(fields))
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  body.write(file.head);
  const reply = t.call({
    ...opts,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const timeout = new Promise<'no answer'>((resolve) => setTimeout(resolve, 4000, 'no answer'));
  return {
    answer: Promise.race([reply, timeout]),
    finish: () => body.end(`\r\n--${boundary}--\r\n`),
  };
}

const pdfHead = (size: number) => Buffer.concat([TINY_PDF, Buffer.alloc(size, 0x20)]);
const messageOf = (a: LightMyRequestResponse | 'no answer') =>
  a === 'no answer' ? a : { status: a.statusCode, message: a.json().message };
const filesIn = () => fs.readdirSync(uploadsDir(t.dataDir), { withFileTypes: true });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('refusals that need no file come before it', () => {
  it('KYC: documents under review are answered 409 before any document is received', async () => {
    const member = await createUser(t.app);
    await t.app.db
      .insertInto('kyc_records')
      .values({
        id: newId(),
        user_id: member.id,
        status: 'PENDING',
        text: 'Passport',
        rejection_reason: null,
        reviewed_by: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const sent = stalled(
      { method: 'POST', url: '/api/kyc', token: member.token },
      { userId: member.id },
      { field: 'documents', type: 'application/pdf', head: pdfHead(64 * 1024) },
    );
    expect(messageOf(await sent.answer)).toEqual({
      status: 409,
      message: 'Your documents are being reviewed; you can send new ones if they are not accepted',
    });
  });

  it("KYC: another member's userId is refused when the field arrives", async () => {
    const [member, other] = [await createUser(t.app), await createUser(t.app)];
    const sent = stalled(
      { method: 'POST', url: '/api/kyc', token: member.token },
      { text: 'ID', userId: other.id },
      { field: 'documents', type: 'application/pdf', head: pdfHead(64 * 1024) },
    );
    expect(messageOf(await sent.answer)).toEqual({
      status: 403,
      message: 'You can only submit KYC documents for yourself',
    });
  });

  it("pets: another owner's userId is refused before the photo is received", async () => {
    const [owner, other] = [await createUser(t.app), await createUser(t.app)];
    const sent = stalled(
      { method: 'POST', url: '/api/pets', token: owner.token },
      { userId: other.id, name: 'Rex' },
      { field: 'photo', type: 'image/png', head: PNG_1PX.subarray(0, 20) },
    );
    expect(messageOf(await sent.answer)).toEqual({
      status: 403,
      message: 'You can only add pets to your own profile',
    });
  });
});

describe('files are streamed, typed from their head and cut at their limit', () => {
  it('a photo over 5 MB is refused at 5 MB, without waiting for the rest; nothing is left', async () => {
    const member = await createUser(t.app);
    const before = filesIn().length;
    const head = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 64 * 1024)]);
    const sent = stalled(
      { method: 'PUT', url: '/api/user/update-profile', token: member.token },
      { bio: 'Hello' },
      { field: 'image', type: 'image/png', head },
    );
    expect(messageOf(await sent.answer)).toEqual({
      status: 413,
      message: 'Each file must be at most 5 MB',
    });
    expect(filesIn()).toHaveLength(before);
  });

  it('bytes of a type the route does not take are refused from the head (415); nothing is left', async () => {
    const member = await createUser(t.app);
    const before = filesIn().length;
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(8192),
    ]);
    const sent = stalled(
      { method: 'POST', url: '/api/kyc', token: member.token },
      { userId: member.id },
      { field: 'documents', type: 'application/pdf', head: exe },
    );
    expect(messageOf(await sent.answer)).toEqual({
      status: 415,
      message: 'File type not allowed; use JPEG, PNG or PDF',
    });
    expect(filesIn()).toHaveLength(before);
  });

  it('a file is written to a temp file as it arrives; a client that goes away leaves none', async () => {
    const member = await createUser(t.app);
    const before = filesIn().map((f) => f.name);
    const sent = stalled(
      { method: 'POST', url: '/api/kyc', token: member.token },
      { userId: member.id },
      { field: 'documents', type: 'application/pdf', head: pdfHead(256 * 1024) },
    );
    await vi.waitFor(
      () => expect(filesIn().filter((f) => f.name.startsWith('.tmp-'))).toHaveLength(1),
      { timeout: 3000 },
    );
    open.at(-1)!.destroy(new Error('client went away'));
    await sent.answer.catch(() => 'the client saw its own error');
    await vi.waitFor(() => expect(filesIn().map((f) => f.name)).toEqual(before), {
      timeout: 3000,
    });
  });

  it('a 9 MB document arrives whole, byte for byte', async () => {
    const member = await createUser(t.app);
    const pdf = pdfHead(9 * 1024 * 1024);
    const res = await submitKyc(t, member, { text: 'Big scan' }, [
      doc(pdf, 'scan.pdf', 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    const [stored] = await t.app.db
      .selectFrom('kyc_documents')
      .select(['stored_name', 'size'])
      .where('kyc_id', '=', res.json().data._id)
      .execute();
    expect(stored!.size).toBe(pdf.length);
    const bytes = fs.readFileSync(path.join(uploadsDir(t.dataDir), stored!.stored_name));
    expect(sha(bytes)).toBe(sha(pdf));
    expect(filesIn().filter((f) => f.name.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('uploads in flight per member', () => {
  const profilePhoto = (member: TestUser) =>
    stalled(
      { method: 'PUT', url: '/api/user/update-profile', token: member.token },
      { bio: 'Hi' },
      { field: 'image', type: 'image/png', head: PNG_1PX },
    );

  it('a third upload while two are in flight is 429; others and later uploads go through', async () => {
    const [member, other] = [await createUser(t.app), await createUser(t.app)];
    const first = profilePhoto(member);
    const second = profilePhoto(member);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = await submitKyc(t, member, { text: 'ID' }, [
      doc(TINY_PDF, 'id.pdf', 'application/pdf'),
    ]);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(TOO_MANY_UPLOADS);
    expect(TOO_MANY_UPLOADS).toMatch(/2 uploads in progress/);
    const others = await submitKyc(t, other, { text: 'ID' }, [
      doc(TINY_PDF, 'id.pdf', 'application/pdf'),
    ]);
    expect(others.statusCode).toBe(201);
    first.finish();
    second.finish();
    const answers = await Promise.all([first.answer, second.answer]);
    expect(answers.map((a) => (a === 'no answer' ? a : a.statusCode))).toEqual([200, 200]);
    const later = await submitKyc(t, member, { text: 'ID' }, [
      doc(TINY_PDF, 'id.pdf', 'application/pdf'),
    ]);
    expect(later.statusCode).toBe(201);
  });
});
