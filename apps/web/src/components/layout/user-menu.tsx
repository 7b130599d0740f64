import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import {
  IconGavel,
  IconId,
  IconLogout,
  IconSettings,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { initialsOf } from '../../lib/initials';
import { ApiAvatar } from '../ui/api-avatar';
import type { NavItem } from './nav-items';

const ITEM_ICONS: Record<string, typeof IconId> = { '/kyc': IconId, '/dispute': IconGavel };
const iconOf = (to: string) => (to.startsWith('/petSitters/') ? IconWorld : ITEM_ICONS[to]);

type UserMenuProps = {
  email: string;
  /** Whose initials the avatar shows (as on the profile); null: Mantine's placeholder icon. */
  name: string | null;
  /** API path of their photo; shown once loaded, the initials until then (as on the profile). */
  photo: string | null;
  /** More links after Profile and Settings (a member's identity check and disputes). */
  items: NavItem[];
  onLogout: () => void;
};

export function UserMenu({ email, name, photo, items, onLogout }: UserMenuProps) {
  return (
    // No focus placeholder: opened from the keyboard, the focus lands on the first item (the
    // placeholder showed no focus and, role="presentation" inside role="menu", failed axe).
    <Menu position="bottom-end" width={220} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${email}`}>
          {photo ? (
            <ApiAvatar
              path={photo}
              name={name ?? email}
              color="pawsy"
              radius="xl"
              variant="filled"
              data-testid="account-avatar"
            />
          ) : (
            <Avatar color="pawsy" radius="xl" variant="filled" data-testid="account-avatar">
              {name ? initialsOf(name) : null}
            </Avatar>
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A long address is cut with an ellipsis (whole in its title), not broken mid-word. */}
        <Menu.Label
          title={email}
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {email}
        </Menu.Label>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.settings} leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        {items.map((item) => {
          const Icon = iconOf(item.to);
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              leftSection={Icon ? <Icon size={16} /> : null}
            >
              {item.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
