import { Suspense } from 'react';
import { lazyWithStyles } from '../../lib/lazy-screen';
import type { NavItem } from './nav-items';

// The account menu pulls in Menu/Popover (and floating-ui): load it only once someone is
// signed in, so the public pages' entry chunk does not carry it.
const UserMenu = lazyWithStyles(async () => ({ default: (await import('./user-menu')).UserMenu }));

type UserMenuSlotProps = {
  email: string;
  name: string | null;
  photo: string | null;
  items: NavItem[];
  onLogout: () => void;
};

/** Header slot for the account menu; keeps the avatar's place while the menu loads. */
export function UserMenuSlot(props: UserMenuSlotProps) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 38, height: 38 }} />}>
      <UserMenu {...props} />
    </Suspense>
  );
}
