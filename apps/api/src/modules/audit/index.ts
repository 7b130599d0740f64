/**
 * Public surface of the audit area: every admin action is recorded through recordAdminAction
 * (inside the caller's transaction when it has one); a member's history is read with
 * listAuditForUser, the coupons' and packages' with listCatalogueChanges (GET /api/admin/audit). The audit area depends on no other module, so any module may call it.
 */
export {
  recordAdminAction,
  recordCatalogueChange,
  listAuditForUser,
  listCatalogueChanges,
  AUDIT_PAGE_SIZE,
  type AdminActionEntry,
} from './audit.service.ts';
export { auditRoutes } from './audit.routes.ts';
