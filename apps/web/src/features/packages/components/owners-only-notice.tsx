import { Alert } from '@mantine/core';
import { isAdminUser, isProviderUser } from '../../../lib/roles';
import { useCurrentUser } from '../../auth';

/**
 * Packages sell booking credits, and only pet owners book sitters: a sitter's or an admin's
 * credits could never be spent. Whether the signed-in member may subscribe, and the notice
 * shown in place of Subscribe when they may not.
 */
export function useMaySubscribe(): boolean {
  const user = useCurrentUser();
  return !isProviderUser(user) && !isAdminUser(user);
}

export function OwnersOnlyNotice() {
  return (
    <Alert title="Packages are for pet owners" data-testid="owners-only">
      A package's credits pay for bookings, which pet owners make. Sitters are paid for their
      bookings and need no package.
    </Alert>
  );
}
