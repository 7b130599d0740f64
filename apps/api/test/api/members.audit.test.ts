import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { doc, submitKyc, TINY_PDF } from '../helpers/kyc-fixtures.ts';

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
}, 60_000);
afterAll(() => closeApp(t));

type Entry = { action: string; actorId: string; targetId: string; before: unknown; after: unknown };
const auditOf = async (userId: string): Promise<Entry[]> =>
  (await call(t, 'GET', `/api/admin/members/${userId}/audit`, admin)).json().data;

describe('admin decisions are written to the audit log of the member they concern', () => {
  it('a KYC decision, with the status before and after', async () => {
    const sent = await submitKyc(t, owner, { text: 'Passport', userId: owner.id }, [
      doc(TINY_PDF, 'passport.pdf', 'application/pdf'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const kycId = sent.json().data._id as string;
    const res = await call(t, 'PUT', `/api/kyc/verify/${owner.id}`, admin, {
      action: 'REJECTED',
      rejectionReason: 'Blurry',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(owner.id))[0]).toMatchObject({
      action: 'kyc.decision',
      actorId: admin.id,
      targetId: kycId,
      before: { status: 'PENDING', rejectionReason: null },
      after: { status: 'Rejected', rejectionReason: 'Blurry' },
    });
  });

  it('a dispute decision, on both parties, and both are notified', async () => {
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitter);
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    const opened = await call(t, 'POST', '/api/dispute/', owner, {
      bookingId: b._id,
      reason: 'No show',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const disputeId = opened.json().data._id as string;
    const res = await call(t, 'PUT', `/api/dispute/status-update/${disputeId}`, admin, {
      status: 'resolved',
      winnerId: owner.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const party of [owner, sitter]) {
      expect((await auditOf(party.id))[0]).toMatchObject({
        action: 'dispute.status',
        targetId: disputeId,
        before: { status: 'open' },
        after: { status: 'resolved', winnerId: owner.id },
      });
      const notes = await call(t, 'GET', '/api/notifications/all', party);
      expect(notes.body).toContain('was resolved');
    }
  });

  it('a refused change leaves no audit entry', async () => {
    const before = (await auditOf(sitter.id)).length;
    const res = await call(t, 'PUT', `/api/dispute/status-update/${'0'.repeat(24)}`, admin, {
      status: 'closed',
    });
    expect(res.statusCode).toBe(404);
    const grant = await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: '0'.repeat(24),
      amount: 100,
      reason: 'x',
    });
    expect(grant.statusCode).toBe(404);
    expect(await auditOf(sitter.id)).toHaveLength(before);
  });
});
