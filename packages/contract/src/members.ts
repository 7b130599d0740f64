import { z } from 'zod';

/** One admin action concerning a member (audit log), before/after as the values that changed. */
export const auditEntry = z.object({
  _id: z.string(),
  actorId: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  subjectUserId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
