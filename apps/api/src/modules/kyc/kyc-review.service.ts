import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  NO_KYC_RECORDS,
  type KycMessage,
  type KycRecord,
  type KycSendMessageBody,
  type KycStatus,
} from '@pawsy/contract';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { kycDecisionMail } from '../../lib/mail-templates.ts';
import { dispositionFor, sendUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../audit/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { getUser, listAdminRecipients, setIdentityFlags } from '../users/index.ts';
import * as repo from './kyc.repository.ts';
import { toMessageWire } from './kyc.mapper.ts';
import { toWire, visibleRecord } from './kyc.service.ts';

const KYC_CHANGED =
  'This KYC record changed while you were deciding (another admin decided it or the member sent new documents); reload it and decide again';

/**
 * PUT /api/kyc/verify/{userId} (admins): decides the user's newest record. `VERIFIED` (SPEC §4's
 * word, exactly; surrounding spaces aside) verifies and sets KYC_verified and is_verified; anything
 * else rejects, with an optional reason, and clears both. The user is notified live and by mail.
 */
export async function verifyKyc(
  app: FastifyInstance,
  caller: AuthUser,
  userId: string,
  input: {
    action: string;
    rejectionReason: string | null;
    kycId?: string | undefined;
    expectedStatus?: KycStatus | undefined;
  },
): Promise<{ verified: boolean; record: KycRecord }> {
  if (userId === caller.id) throw forbidden('Another admin must decide on your own KYC');
  const [latest] = await repo.listUserRecords(app.db, userId, 1);
  if (!latest) throw new AppError('NOT_FOUND', NO_KYC_RECORDS);
  // The screen the admin decided on was out of date: say so rather than overrule what happened.
  if (input.kycId !== undefined && input.kycId !== latest.id) {
    // Not one of this member's records at all: a wrong id, not a stale screen.
    const named = await repo.findRecord(app.db, input.kycId);
    if (!named || named.user_id !== userId)
      throw new AppError('NOT_FOUND', "This KYC record is not one of this member's records");
    throw conflict(
      'The member sent new documents since you opened this page; reload it and decide on them',
    );
  }
  if (input.expectedStatus !== undefined && input.expectedStatus !== latest.status)
    throw conflict(
      `This KYC record is ${latest.status} since you opened it (another admin decided it); reload it before deciding`,
    );
  const verified = input.action === 'VERIFIED';
  const reason = verified ? null : input.rejectionReason;
  const status = verified ? 'Verified' : 'Rejected';
  await app.db.transaction().execute(async (trx) => {
    const decided = await repo.decideRecord(trx, latest.id, latest, {
      status,
      rejection_reason: reason,
      reviewed_by: caller.id,
      updated_at: nowIso(),
    });
    if (!decided) throw conflict(KYC_CHANGED);
    // The users area owns the flags; with the record in one transaction, so they always agree.
    // A rejected identity keeps no trust badge: cards show "Verified" while either flag is set.
    await setIdentityFlags(trx, userId, verified);
    await recordAdminAction(trx, {
      actorId: caller.id,
      action: 'kyc.decision',
      targetType: 'kyc',
      targetId: latest.id,
      subjectUserId: userId,
      before: { status: latest.status, rejectionReason: latest.rejection_reason },
      after: { status, rejectionReason: reason },
    });
  });
  const user = await getUser(app.db, userId);
  await notifyUser(app, userId, {
    type: 'kyc',
    message: verified
      ? 'Your identity is verified.'
      : `Your KYC documents were rejected${reason ? `: ${reason}` : '.'}`,
    data: { kycId: latest.id, status: verified ? 'Verified' : 'Rejected', rejectionReason: reason },
  });
  await app.mailer.send({
    to: user.email,
    ...kycDecisionMail(
      { email: user.email, firstName: user.first_name },
      { verified, reason },
      app.config.publicUrl,
    ),
  });
  return { verified, record: await toWire(app, (await repo.findRecord(app.db, latest.id))!) };
}

/**
 * POST /api/kyc/send-message: the record's owner or an admin writes; the sender is always the
 * caller (a `sender` in the body is ignored). The other side gets it live; the user also gets a
 * notification when the reviewer writes.
 */
export async function sendKycMessage(
  app: FastifyInstance,
  caller: AuthUser,
  body: Pick<KycSendMessageBody, 'kycId' | 'text'>,
): Promise<{ message: KycMessage; conversation: KycMessage[] }> {
  const record = await visibleRecord(app, caller, body.kycId);
  const row = {
    id: newId(),
    kyc_id: record.id,
    sender_id: caller.id,
    text: body.text,
    sent_at: nowIso(),
  };
  await repo.insertMessage(app.db, row);
  const message = toMessageWire(row, record.user_id);
  const event = { type: 'kyc-message', data: message };
  const stored = await repo.findMessages(app.db, [record.id]);
  const conversation = stored.map((m) => toMessageWire(m, record.user_id));
  if (caller.id !== record.user_id) {
    await notifyUser(app, record.user_id, {
      type: 'kyc-message',
      message: 'The KYC reviewer sent you a message.',
      data: { kycId: record.id, messageId: row.id },
    });
    await app.realtime.publish(record.user_id, event).catch(() => undefined);
  } else {
    // The member's note goes to the admin who decided the record, or, before anyone has, to every
    // admin: with the bell's notice, so it does not wait for someone to open the record.
    // One notice for a run of the member's messages: the next comes after someone answered.
    const readers = record.reviewed_by
      ? [record.reviewed_by]
      : (await listAdminRecipients(app.db)).map((a) => a.id);
    const before = stored.at(-2);
    const notify = before?.sender_id !== record.user_id;
    const member = notify ? await getUser(app.db, record.user_id) : null;
    await Promise.all(
      readers.map(async (adminId) => {
        if (member)
          await notifyUser(app, adminId, {
            type: 'kyc-message',
            message: `${member.first_name} ${member.last_name} sent a message about their KYC.`,
            data: { kycId: record.id, messageId: row.id, userId: record.user_id },
          });
        await app.realtime.publish(adminId, event).catch(() => undefined);
      }),
    );
  }
  return { message, conversation };
}

/** A document of a record, streamed to its owner or an admin only (404 for anyone else). */
export async function sendKycDocument(
  app: FastifyInstance,
  caller: AuthUser,
  kycId: string,
  docId: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const record = await visibleRecord(app, caller, kycId);
  const doc = await repo.findDocument(app.db, record.id, docId);
  if (!doc) throw notFound('Document');
  reply.header('content-disposition', dispositionFor('inline', doc.original_name));
  return sendUpload(reply, app.storage, doc.stored_name, doc.mime);
}
