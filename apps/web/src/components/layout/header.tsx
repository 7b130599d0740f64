import { AppShell, Burger, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from './logo';
import type { NavItem } from './nav-items';
import { MainNavLink } from './nav-link';
import { NotificationsSlot } from './notifications-slot';
import { UserMenuSlot } from './user-menu-slot';

type HeaderProps = {
  navItems: NavItem[];
  /** Links of the account menu besides Profile and Settings. */
  accountItems: NavItem[];
  email: string | null;
  name: string | null;
  photo: string | null;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
};

export function Header({
  navItems,
  accountItems,
  email,
  name,
  photo,
  isMenuOpen,
  onToggleMenu,
  onLogout,
}: HeaderProps) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Burger
            opened={isMenuOpen}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={isMenuOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-navigation"
          />
          <Logo />
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
            {navItems.map((item) => (
              <MainNavLink key={item.to} item={item} />
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {email ? (
            <>
              <NotificationsSlot />
              <UserMenuSlot
                email={email}
                name={name}
                photo={photo}
                items={accountItems}
                onLogout={onLogout}
              />
            </>
          ) : (
            <>
              <Button component={Link} to={paths.login} variant="subtle" visibleFrom="xs">
                Log in
              </Button>
              <Button component={Link} to={paths.signUp}>
                Sign up
              </Button>
            </>
          )}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
