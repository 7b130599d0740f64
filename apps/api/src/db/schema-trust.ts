// Tables of contact, live-stream tickets, disputes, KYC and chat (re-exported by schema.ts).
/** A message sent through the public contact form (modules/contact). */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
}

/** A single-use ticket that opens the live channel (modules/notifications); id = SHA-256 of it. */
export interface StreamTicketsTable {
  id: string;
  user_id: string;
  session_id: string;
  expires_at: string;
  used_at: string | null;
}

/** A dispute on a booking (modules/disputes); resolution_reason is the wire's rejectionReason. */
export interface DisputesTable {
  id: string;
  booking_id: string;
  opened_by: string;
  reason: string;
  description: string;
  status: 'open' | 'resolved' | 'closed';
  winner_id: string | null;
  resolution_reason: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The booking id on a booking's one dispute (unique: disputes_one_per_booking_uq); null only on
   * later disputes of a booking disputed more than once before that rule.
   */
  sole_booking_id: string | null;
}

/** A file attached to a dispute as evidence; stored_name is its name in the upload store. */
export interface DisputeEvidenceTable {
  id: string;
  dispute_id: string;
  stored_name: string;
  mime: string;
  size: number;
  original_name: string;
  created_at: string;
}

/** A KYC submission (modules/kyc); a resubmission may reuse it (status back to PENDING). */
export interface KycRecordsTable {
  id: string;
  user_id: string;
  status: 'PENDING' | 'Verified' | 'Rejected';
  text: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A document of a KYC record; the file lives in DATA_DIR/uploads under stored_name. */
export interface KycDocumentsTable {
  id: string;
  kyc_id: string;
  stored_name: string;
  mime: string;
  size: number;
  original_name: string;
  created_at: string;
}

/** A message between the record's user and a reviewer. */
export interface KycMessagesTable {
  id: string;
  kyc_id: string;
  sender_id: string;
  text: string;
  sent_at: string;
}

/** A booking chat message between its two parties (modules/messages). */
export interface MessagesTable {
  id: string;
  booking_id: string;
  sender_id: string;
  recipient_id: string;
  text: string;
  created_at: string;
  read_at: string | null;
}

/**
 * One row per booking and party (owner, assigned sitter, pending applicant of an open booking):
 * the newest message the party sent or received, their unread and message counts, and the time
 * their conversation list orders by. Kept by triggers (migration 16-00), read by modules/messages.
 */
export interface ConversationsTable {
  booking_id: string;
  user_id: string;
  last_id: string | null;
  last_at: string | null;
  unread: number;
  messages: number;
  activity_at: string;
}

/** The tables of this file, as Database holds them. */
export interface TrustTables {
  contact_messages: ContactMessagesTable;
  stream_tickets: StreamTicketsTable;
  messages: MessagesTable;
  conversations: ConversationsTable;
  disputes: DisputesTable;
  dispute_evidence: DisputeEvidenceTable;
  kyc_records: KycRecordsTable;
  kyc_documents: KycDocumentsTable;
  kyc_messages: KycMessagesTable;
}
