import { AppShell, Button, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import type { RoleCarrier } from '../../lib/roles';
import { ScreenLoader } from '../ui/screen-loader';
import { ScrollToTop } from '../ui/scroll-to-top';
import { FocusOnNavigate } from '../ui/focus-on-navigate';
import { Footer } from './footer';
import { Header } from './header';
import { RemoveStaticScreen } from './remove-static-screen';
import { getAccountItems, getNavItems } from './nav-items';
import { MainNavLink } from './nav-link';

type AppLayoutProps = {
  user: (RoleCarrier & { email?: string; id?: string }) | null;
  /** The signed-in member's name (the avatar's initials), null until their profile is known. */
  userName?: string | null;
  /** API path of their profile photo, shown by the avatar instead of the initials. */
  userPhoto?: string | null;
  onLogout: () => void;
  children: ReactNode;
};

/** Header, mobile navigation, main area (where lazy screens load) and footer. */
export function AppLayout({
  user,
  userName = null,
  userPhoto = null,
  onLogout,
  children,
}: AppLayoutProps) {
  const [isMenuOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navItems = getNavItems(user);
  const accountItems = getAccountItems(user);

  useEffect(() => close(), [pathname, close]);
  // Below the `sm` breakpoint the open panel covers the page: what it covers is inert, so Tab
  // from its last link does not walk on through the links and fields hidden under it.
  const isNarrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const coversPage = isMenuOpen && isNarrow;
  // Escape closes the open menu, as it does any other disclosure; the focus, if it was in the
  // menu (whose links go with it) or nowhere, returns to the toggle.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    const focused = document.activeElement;
    const inMenu = document.getElementById('mobile-navigation')?.contains(focused) ?? false;
    if (inMenu || focused === null || focused === document.body)
      document.querySelector<HTMLElement>('[aria-controls="mobile-navigation"]')?.focus();
    close();
  });

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen, desktop: true } }}
      padding={0}
    >
      {/* "Skip to content" is in index.html, before #root: it can be focused before the app runs. */}
      <ScrollToTop />
      <FocusOnNavigate />
      <Header
        navItems={navItems}
        accountItems={accountItems}
        email={user ? (user.email ?? 'Account') : null}
        name={userName}
        photo={userPhoto}
        isMenuOpen={isMenuOpen}
        onToggleMenu={toggle}
        onLogout={onLogout}
      />
      {/* The closed panel only slides off-screen (Mantine's CSS overrides `hidden`), so its links
          are not rendered then: they would take Tab focus out of sight at every width. */}
      <AppShell.Navbar
        id="mobile-navigation"
        p="md"
        aria-label="Mobile navigation"
        hidden={!isMenuOpen}
      >
        {isMenuOpen && (
          <Stack gap={4} component="nav" aria-label="Mobile">
            {navItems.map((item) => (
              <MainNavLink key={item.to} item={item} />
            ))}
            {!user && (
              <>
                <Button component={Link} to={paths.login} variant="default" mt="md">
                  Log in
                </Button>
                <Button component={Link} to={paths.signUp}>
                  Sign up
                </Button>
              </>
            )}
          </Stack>
        )}
      </AppShell.Navbar>
      {/* The footer waits with the screen, so it does not jump down when the screen arrives. It
          is the main area's sibling, so it is the page's contentinfo landmark (inside <main> it
          would be none). */}
      <Suspense
        fallback={
          <AppShell.Main id="main">
            <ScreenLoader />
          </AppShell.Main>
        }
      >
        <AppShell.Main id="main" inert={coversPage}>
          {children}
        </AppShell.Main>
        <Footer signedIn={user !== null} inert={coversPage} />
        <RemoveStaticScreen />
      </Suspense>
    </AppShell>
  );
}
