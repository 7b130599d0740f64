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
