export type RoleCarrier = { userType?: unknown; role?: unknown } | null | undefined;

/** Admin is read from `userType` or `role`, case-insensitively (SPEC §6). */
export function isAdminUser(user: RoleCarrier): boolean {
  if (!user) return false;
  return [user.userType, user.role].some(
    (value) => typeof value === 'string' && value.trim().toLowerCase() === 'admin',
  );
}

export function isProviderUser(user: RoleCarrier): boolean {
  if (!user) return false;
  return [user.userType, user.role].some(
    (value) => typeof value === 'string' && value.trim().toLowerCase() === 'provider',
  );
}

/** A member's role as the screens say it (the API's `userType` values are not words). */
const ROLE_LABELS: Record<string, string> = { user: 'Owner', provider: 'Sitter', admin: 'Admin' };

export const roleLabel = (userType: string) => ROLE_LABELS[userType] ?? userType;
