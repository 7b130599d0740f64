import { toUserIds, type KycDocument, type KycMessage, type KycRecord } from '@pawsy/contract';
import type { KycDocumentsTable, KycMessagesTable } from '../../db/schema.ts';
import type { KycPersonRow, KycRecordRow } from './kyc.repository.ts';

/** Everything a page of records needs, loaded by the service in a fixed number of queries. */
export type KycLoaded = {
  people: KycPersonRow[];
  documents: KycDocumentsTable[];
  messages: KycMessagesTable[];
};

export const documentUrl = (kycId: string, docId: string): string =>
  `/api/kyc/${kycId}/documents/${docId}`;

export function toDocumentWire(d: KycDocumentsTable): KycDocument {
  return {
    _id: d.id,
    url: documentUrl(d.kyc_id, d.id),
    mime: d.mime,
    name: d.original_name,
    size: d.size,
  };
}

export function toMessageWire(m: KycMessagesTable, recordOwner: string): KycMessage {
  return {
    _id: m.id,
    kycId: m.kyc_id,
    text: m.text,
    sender: m.sender_id,
    senderRole: m.sender_id === recordOwner ? 'user' : 'admin',
    sentAt: m.sent_at,
  };
}

export function toKycWire(row: KycRecordRow, loaded: KycLoaded): KycRecord {
  const person = loaded.people.find((p) => p.id === row.user_id);
  return {
    _id: row.id,
    userId: {
      ...toUserIds(row.user_id),
      firstName: person?.first_name ?? '',
      lastName: person?.last_name ?? '',
      email: person?.email ?? '',
      KYC_verified: person?.kyc_verified === 1,
      is_verified: person?.is_verified === 1,
      dob: person?.dob ?? null,
      document_type: person?.document_type ?? null,
      date_of_issue: person?.date_of_issue ?? null,
      date_of_expiry: person?.date_of_expiry ?? null,
    },
    status: row.status,
    rejectionReason: row.rejection_reason,
    text: row.text,
    documents: loaded.documents.filter((d) => d.kyc_id === row.id).map(toDocumentWire),
    conversation: loaded.messages
      .filter((m) => m.kyc_id === row.id)
      .map((m) => toMessageWire(m, row.user_id)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
