import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { readMails } from '../helpers/mail.ts';
import { doc, jpegWithGps, submitKyc, TINY_PDF } from '../helpers/kyc-fixtures.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

const get = (url: string, who: TestUser) => t.call({ method: 'GET', url, token: who.token });
const verify = (userId: string, payload: object) =>
  t.call({ method: 'PUT', url: `/api/kyc/verify/${userId}`, token: admin.token, payload });

describe('bad input and bad files', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.app);
  });

  it('reads the type from the bytes: a .jpg that is text is 415', async () => {
    const res = await submitKyc(t, user, {}, [doc(Buffer.from('hello, not an image'), 'id.jpg')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/type/i);
  });

  it('refuses a file over 10 MB (413), six files (400 on documents) and no file (400)', async () => {
    const big = Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      (await submitKyc(t, user, {}, [doc(big, 'big.pdf', 'application/pdf')])).statusCode,
    ).toBe(413);
    const six = Array.from({ length: 6 }, (_, i) => doc(PNG_1PX, `p${i}.png`, 'image/png'));
    const tooMany = await submitKyc(t, user, {}, six);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: 'Send at most 5 files',
      errors: [{ path: 'documents', message: 'Send at most 5 files' }],
    });
    const none = await submitKyc(t, user, { text: 'no files' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/at least one document/i);
  });

  it('refuses a JSON body (415), a bad kycId (400) and an unknown record (404)', async () => {
    const json = await t.call({
      method: 'POST',
      url: '/api/kyc',
      token: user.token,
      payload: { text: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const bad = await submitKyc(t, user, { kycId: 'nope' }, [doc(PNG_1PX, 'a.png')]);
    expect(bad.statusCode).toBe(400);
    const unknown = await submitKyc(t, user, { kycId: 'a'.repeat(24) }, [doc(PNG_1PX, 'a.png')]);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers "No KYC records found" for a user without records, and 404 for ids never issued', async () => {
    const none = await get(`/api/kyc/user/${user.id}`, user);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No KYC records found');
    const never = await get('/api/kyc/xyz', admin);
    expect(never.statusCode).toBe(404);
    expect(never.json().message).toBe('KYC record not found');
    expect((await verify(user.id, { action: 'VERIFIED' })).statusCode).toBe(404);
    expect((await verify(user.id, {})).statusCode).toBe(400);
    const empty = await t.call({
      method: 'POST',
      url: '/api/kyc/send-message',
      token: user.token,
      payload: { kycId: 'a'.repeat(24), text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('documents', () => {
  it('re-encodes images without EXIF, keeps PDFs, and serves them privately', async () => {
    const user = await createUser(t.app);
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await submitKyc(t, user, { text: 'ID and bill' }, [
      doc(jpeg, 'passport.jpg'),
      doc(TINY_PDF, 'bill.pdf', 'application/pdf'),
      // Named as a program: kept under the name of what its bytes are.
      doc(TINY_PDF, 'scan.exe', 'application/octet-stream'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [image, pdf, renamed] = res.json().data.documents;
    expect(renamed).toMatchObject({ mime: 'application/pdf', name: 'scan.pdf' });
    const renamedRes = await get(renamed.url, user);
    expect(renamedRes.headers['content-disposition']).toBe(
      `inline; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    );
    expect(image).toMatchObject({ mime: 'image/webp', name: 'passport.webp' });
    expect(pdf).toMatchObject({ mime: 'application/pdf', name: 'bill.pdf', size: TINY_PDF.length });

    const served = await get(image.url, user);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // An identity document is never left in the browser's cache after the member leaves.
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-disposition']).toContain('filename="passport.webp"');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('PhoneCo')).toBe(false);

    const pdfRes = await get(pdf.url, admin);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['x-content-type-options']).toBe('nosniff');
    expect(pdfRes.headers['content-disposition']).toContain('bill.pdf');
    expect(pdfRes.rawPayload.equals(TINY_PDF)).toBe(true);
  });
});

describe('review', () => {
  it('rejects with a reason, takes a resubmission onto the same record, then verifies', async () => {
    const user = await createUser(t.app);
    const dash = async () => (await get(`/api/user/dashboard/${user.id}`, user)).json().data;
    expect((await dash()).kycStatus).toBe('NOT_VERIFIED');
    const first = (await submitKyc(t, user, { text: 'v1' }, [doc(PNG_1PX, 'a.png')])).json().data;
    expect((await dash()).kycStatus).toBe('PENDING');

    const rejected = await verify(user.id, { action: 'REJECTED', rejectionReason: 'Blurry photo' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'KYC rejected successfully',
      data: { _id: first._id, status: 'Rejected', rejectionReason: 'Blurry photo' },
    });
    expect((await dash()).kycStatus).toBe('Rejected');
    expect(readMails(t.dataDir, user.email).at(-1)?.text).toContain('Blurry photo');

    const again = await submitKyc(t, user, { text: 'v2', kycId: first._id, userId: user.id }, [
      doc(PNG_1PX, 'b.png'),
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({
      _id: first._id,
      status: 'PENDING',
      rejectionReason: null,
      text: 'v2',
    });
    expect(again.json().data.documents.map((d: { name: string }) => d.name)).toEqual(['b.webp']);

    const ok = await verify(user.id, { action: 'VERIFIED' });
    expect(ok.json()).toMatchObject({
      message: 'KYC verified successfully',
      data: { status: 'Verified' },
    });
    const profile = (await get('/api/user/user-profile', user)).json().data;
    expect(profile).toMatchObject({ KYC_verified: true, is_verified: true });
    expect((await dash()).kycStatus).toBe('Verified');
    const notes = (await get('/api/notifications/all', user)).json().allNotifications;
    expect(notes.filter((n: { type: string }) => n.type === 'kyc')).toHaveLength(2);
    const mails = readMails(t.dataDir, user.email);
    expect(mails.at(-1)?.subject).toMatch(/verified/i);

    const onVerified = await submitKyc(t, user, { kycId: first._id }, [doc(PNG_1PX, 'c.png')]);
    expect(onVerified.statusCode).toBe(409);
    const fresh = await submitKyc(t, user, { text: 'new' }, [doc(PNG_1PX, 'c.png')]);
    expect(fresh.json().data._id).not.toBe(first._id);
    const list = (await get(`/api/kyc/user/${user.id}`, user)).json().data;
    expect(list.map((r: { _id: string }) => r._id)).toEqual([fresh.json().data._id, first._id]);

    // Rejecting the new record withdraws the identity: neither trust flag (badge) stays set.
    const withdrawn = await verify(user.id, {
      action: 'REJECTED',
      rejectionReason: 'Name differs',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await get('/api/user/user-profile', user)).json().data).toMatchObject({
      KYC_verified: false,
      is_verified: false,
    });
  });

  it('gives the reviewer the identity the profile holds, to compare with the documents', async () => {
    const user = await createUser(t.app, {
      dob: '1990-04-02',
      document_type: 'passport',
      date_of_issue: '2020-01-15',
      date_of_expiry: '2030-01-14',
    });
    const bare = await createUser(t.app);
    await submitKyc(t, user, { text: 'mine' }, [doc(PNG_1PX, 'a.png')]);
    await submitKyc(t, bare, { text: 'bare' }, [doc(PNG_1PX, 'a.png')]);
    const [record] = (await get(`/api/kyc/user/${user.id}`, admin)).json().data;
    expect(record.userId).toMatchObject({
      _id: user.id,
      dob: '1990-04-02',
      document_type: 'passport',
      date_of_issue: '2020-01-15',
      date_of_expiry: '2030-01-14',
    });
    const [bareRecord] = (await get(`/api/kyc/user/${bare.id}`, admin)).json().data;
    expect(bareRecord.userId).toMatchObject({
      dob: null,
      document_type: null,
      date_of_issue: null,
      date_of_expiry: null,
    });
  });

  it("verifies on SPEC §4's word VERIFIED only: 'verified' or any other action rejects", async () => {
    for (const action of ['verified', 'Verified', 'APPROVE']) {
      const user = await createUser(t.app);
      await submitKyc(t, user, { text: 'ID' }, [doc(PNG_1PX, 'a.png')]);
      const res = await verify(user.id, { action });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'KYC rejected successfully',
        data: { status: 'Rejected' },
      });
      const profile = (await get('/api/user/user-profile', user)).json().data;
      expect(profile.KYC_verified).toBe(false);
    }
    const spaced = await createUser(t.app);
    await submitKyc(t, spaced, { text: 'ID' }, [doc(PNG_1PX, 'a.png')]);
    expect((await verify(spaced.id, { action: ' VERIFIED ' })).json().data.status).toBe('Verified');
  });

  it('decides at most once on what each admin read: racing decisions leave record, flags and notices agreeing', async () => {
    const second = await createUser(t.app, { user_type: 'admin' });
    for (let round = 0; round < 4; round++) {
      const user = await createUser(t.app);
      await submitKyc(t, user, { text: 'ID' }, [doc(PNG_1PX, 'a.png')]);
      const answers = await Promise.all([
        verify(user.id, { action: 'VERIFIED' }),
        t.call({
          method: 'PUT',
          url: `/api/kyc/verify/${user.id}`,
          token: second.token,
          payload: { action: 'REJECTED', rejectionReason: 'blurry' },
        }),
      ]);
      // Both read the pending record: one wins and the other is told (409). Or the second read
      // the first's decision and decided again (200 each, in turn).
      const won = answers.filter((a) => a.statusCode === 200);
      for (const lost of answers.filter((a) => a.statusCode !== 200)) {
        expect(lost.statusCode, lost.body).toBe(409);
        expect(lost.json().message).toMatch(/changed while you were deciding/);
      }
      expect(won.length).toBeGreaterThan(0);
      const record = (await get(`/api/kyc/user/${user.id}`, admin)).json().data[0];
      const profile = (await get('/api/user/user-profile', user)).json().data;
      expect(profile.KYC_verified).toBe(record.status === 'Verified');
      expect(profile.is_verified).toBe(record.status === 'Verified');
      const notices = (await get('/api/notifications/all?limit=100', user)).json().allNotifications;
      expect(notices.filter((n: { type: string }) => n.type === 'kyc')).toHaveLength(won.length);
    }
  });

  it("refuses a decision taken on a stale screen: another admin's decision or newer documents (409)", async () => {
    const user = await createUser(t.app);
    await submitKyc(t, user, { text: 'ID' }, [doc(PNG_1PX, 'a.png')]);
    const seen = (await get(`/api/kyc/user/${user.id}`, admin)).json().data[0];
    const other = await createUser(t.app);
    await submitKyc(t, other, { text: 'ID' }, [doc(PNG_1PX, 'o.png')]);
    const otherRecordId = (await get(`/api/kyc/user/${other.id}`, admin)).json().data[0]._id;
    expect(seen.status).toBe('PENDING');
    // Another admin approves; the first, still looking at PENDING, rejects: refused.
    expect((await verify(user.id, { action: 'VERIFIED' })).statusCode).toBe(200);
    const stale = await verify(user.id, {
      action: 'REJECTED',
      rejectionReason: 'blurry',
      kycId: seen._id,
      expectedStatus: 'PENDING',
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toMatch(/is Verified since you opened it/);
    expect((await get(`/api/kyc/user/${user.id}`, admin)).json().data[0].status).toBe('Verified');
    // Deciding on what is there now is taken.
    const current = await verify(user.id, {
      action: 'REJECTED',
      rejectionReason: 'expired',
      kycId: seen._id,
      expectedStatus: 'Verified',
    });
    expect(current.statusCode, current.body).toBe(200);
    // Resubmitted after the rejection: a new record, pending. A decision on the screen of the
    // rejected one is refused, whatever status it expected.
    await submitKyc(t, user, { text: 'ID again' }, [doc(PNG_1PX, 'b.png')]);
    const newer = (await get(`/api/kyc/user/${user.id}`, admin)).json().data[0];
    expect(newer).toMatchObject({ status: 'PENDING' });
    expect(newer._id).not.toBe(seen._id);
    const old = await verify(user.id, { action: 'VERIFIED', kycId: seen._id });
    expect(old.statusCode, old.body).toBe(409);
    expect(old.json().message).toMatch(/sent new documents/);
    // An id that is no record of this member is a wrong id (404), not a stale screen.
    for (const kycId of ['0'.repeat(24), otherRecordId]) {
      const wrong = await verify(user.id, { action: 'VERIFIED', kycId });
      expect(wrong.statusCode, wrong.body).toBe(404);
      expect(wrong.json().message).toBe("This KYC record is not one of this member's records");
    }
    const onNewer = await verify(user.id, {
      action: 'VERIFIED',
      kycId: newer._id,
      // Any letter case, as the dispute decision's statuses.
      expectedStatus: 'pending',
    });
    expect(onNewer.statusCode, onNewer.body).toBe(200);
  });

  it('takes no new documents while a record waits for review (409), onto it or as a new one', async () => {
    const user = await createUser(t.app, { first_name: 'Repeat', last_name: 'Sender' });
    const first = await submitKyc(t, user, { text: 'one' }, [doc(PNG_1PX, 'a.png')]);
    expect(first.statusCode, first.body).toBe(201);
    const kycId = first.json().data._id;
    // The admin opens the record and sees document a.webp…
    const seen = (await get(`/api/kyc/${kycId}`, admin)).json().data;
    expect(seen.documents.map((d: { name: string }) => d.name)).toEqual(['a.webp']);
    // …the user tries to swap the documents, onto the record and as a new submission.
    for (const fields of [{ text: 'two', kycId }, { text: 'three' }] as Record<string, string>[]) {
      const again = await submitKyc(t, user, fields, [
        doc(PNG_1PX, 'swap-1.png'),
        doc(TINY_PDF, 'swap-2.pdf', 'application/pdf'),
      ]);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toMatch(/being reviewed/);
    }
    // The decision applies to what the admin opened: same record, same documents, same note.
    const ok = await verify(user.id, { action: 'VERIFIED' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ _id: kycId, status: 'Verified', text: 'one' });
    expect(ok.json().data.documents).toEqual(seen.documents);
    const mine = (await get(`/api/kyc/user/${user.id}`, user)).json().data;
    expect(mine).toHaveLength(1);
    const file = await get(seen.documents[0].url, user);
    expect(file.statusCode).toBe(200);
    const queue = (await get('/api/kyc?search=repeat', admin)).json();
    expect(queue.total).toBe(1);
  });

  it('lists records for admins by status and search, page by page', async () => {
    const zed = await createUser(t.app, { first_name: 'Zedekiah', last_name: 'Quill' });
    await submitKyc(t, zed, {}, [doc(PNG_1PX, 'z.png')]);
    const byName = await get('/api/kyc?search=zedek', admin);
    expect(byName.json()).toMatchObject({ total: 1, page: 1, totalPages: 1, hasMore: false });
    expect(byName.json().data[0].userId).toMatchObject({ _id: zed.id, firstName: 'Zedekiah' });
    // The whole name, as the members search takes it, and the last name alone.
    for (const search of ['Zedekiah%20Quill', 'QUILL'])
      expect((await get(`/api/kyc?search=${search}`, admin)).json().total, search).toBe(1);
    // `_` is searched for as itself, not as any character, on both engines.
    const under = await createUser(t.app, { email: `zed_${zed.id.slice(-6)}@example.test` });
    await submitKyc(t, under, {}, [doc(PNG_1PX, 'u.png')]);
    const byUnderscore = (await get(`/api/kyc?search=zed_${zed.id.slice(-6)}`, admin)).json();
    expect(byUnderscore.data.map((r: { userId: { _id: string } }) => r.userId._id)).toEqual([
      under.id,
    ]);
    const tooLong = await get(`/api/kyc?search=${'z'.repeat(101)}`, admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('search: search must be at most 100 characters');
    const pending = (await get('/api/kyc?status=PENDING&limit=1', admin)).json();
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0].status).toBe('PENDING');
    expect(pending.total).toBeGreaterThan(1);
    expect(pending.hasMore).toBe(true);
    const verified = (await get('/api/kyc?status=Verified', admin)).json();
    expect(verified.data.every((r: { status: string }) => r.status === 'Verified')).toBe(true);
    expect((await get('/api/kyc?status=Nope', admin)).statusCode).toBe(400);
    const anyCase = (await get('/api/kyc?status=verified', admin)).json();
    expect(anyCase.total).toBe(verified.total);
    expect((await get('/api/kyc?page=1000&limit=100', admin)).statusCode).toBe(400);
  });
});

describe('conversation', () => {
  it("tells the admins of a member's message before anyone reviewed the record, once a run", async () => {
    const user = await createUser(t.app, { first_name: 'Nadia', last_name: 'Note' });
    const record = (await submitKyc(t, user, {}, [doc(PNG_1PX, 'a.png')])).json().data;
    const say = (who: TestUser, text: string) =>
      t.call({
        method: 'POST',
        url: '/api/kyc/send-message',
        token: who.token,
        payload: { kycId: record._id, text },
      });
    const notices = async () =>
      (
        (await get('/api/notifications/all', admin)).json().allNotifications as {
          type: string;
          message: string;
          data: { kycId?: string; userId?: string };
        }[]
      ).filter((n) => n.type === 'kyc-message' && n.data.kycId === record._id);

    expect((await say(user, 'Is anyone there?')).statusCode).toBe(201);
    expect((await say(user, 'Urgent, please')).statusCode).toBe(201);
    const first = await notices();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      message: 'Nadia Note sent a message about their KYC.',
      data: { userId: user.id },
    });
    // After an answer, the member's next message is news again.
    expect((await say(admin, 'Looking now')).statusCode).toBe(201);
    expect((await say(user, 'Thanks')).statusCode).toBe(201);
    expect(await notices()).toHaveLength(2);
  });

  it('limits each sender to 30 messages a minute', async () => {
    const user = await createUser(t.app);
    const record = (await submitKyc(t, user, {}, [doc(PNG_1PX, 'a.png')])).json().data;
    const send = (text: string) =>
      t.call({
        method: 'POST',
        url: '/api/kyc/send-message',
        token: user.token,
        payload: { kycId: record._id, text },
      });
    for (let i = 0; i < 30; i++) expect((await send(`m${i}`)).statusCode).toBe(201);
    const over = await send('one too many');
    expect(over.statusCode).toBe(429);
    expect(typeof over.json().message).toBe('string');
    // The limit is the sender's: the reviewer can still answer.
    const reply = await t.call({
      method: 'POST',
      url: '/api/kyc/send-message',
      token: admin.token,
      payload: { kycId: record._id, text: 'Got it' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ sender: admin.id, senderRole: 'admin' });
    expect(reply.json().conversation).toHaveLength(31);
  });
});
