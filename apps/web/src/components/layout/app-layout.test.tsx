import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-mock';
import { makeProfile } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { AppLayout } from './app-layout';

type User = { userType: string; email?: string; id?: string } | null;

function renderLayout(path: string, user: User) {
  mockFetch(() => ({ status: 200, body: { success: true, allNotifications: [] } }));
  return render(
    <AppProvider store={createTestStore()} env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppLayout user={user} onLogout={() => undefined}>
          <p>Screen</p>
        </AppLayout>
      </MemoryRouter>
    </AppProvider>,
  );
}

function currentItems(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('main navigation', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/admin', 'Members'],
    ['/dashboard/member/aaaaaaaaaaaaaaaaaaaaaaa1', 'Members'],
    ['/kyclisting', 'KYC'],
    ['/dashboard/kyc/user/aaaaaaaaaaaaaaaaaaaaaaa1', 'KYC'],
    ['/admin/disputes', 'Disputes'],
    ['/admin/dispute/aaaaaaaaaaaaaaaaaaaaaaa1', 'Disputes'],
    ['/admin/messages', 'Messages'],
  ])('an admin on %s sees %s, and only it, as the current page', (path, item) => {
    renderLayout(path, { userType: 'admin', email: 'admin@example.com' });
    expect(currentItems()).toEqual([item]);
  });

  it.each([
    ['/petSitters/aaaaaaaaaaaaaaaaaaaaaaa1', 'Find sitters'],
    ['/booking-details/aaaaaaaaaaaaaaaaaaaaaaa1', 'Bookings'],
  ])('a pet owner on %s sees %s as the current page', (path, item) => {
    renderLayout(path, { userType: 'user', email: 'sam@example.com' });
    expect(currentItems()).toEqual([item]);
  });

  it('keeps the closed mobile menu out of the page, so Tab never lands on its links', async () => {
    renderLayout('/dashboard', { userType: 'admin', email: 'admin@example.com' });
    const panel = screen.getByLabelText('Mobile navigation');
    // Not even hidden ones: CSS only slides the closed panel off-screen.
    expect(within(panel).queryAllByRole('link', { hidden: true })).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Members', 'KYC', 'Disputes', 'Messages', 'Coupons', 'Packages']);
  });
});

describe('mobile menu and landmarks', () => {
  it('says whether the menu is open on its toggle, and closes it on Escape', async () => {
    renderLayout('/dashboard', { userType: 'admin', email: 'admin@example.com' });
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    // From a link inside the menu: Escape closes it and gives the focus back to its toggle.
    within(mobile).getAllByRole('link')[0]!.focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    const closed = screen.getByRole('button', { name: 'Open navigation' });
    expect(closed).toHaveAttribute('aria-expanded', 'false');
    expect(closed).toHaveFocus();
  });

  it('puts the footer beside <main>, not inside it', async () => {
    renderLayout('/dashboard', { userType: 'admin', email: 'admin@example.com' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(screen.getByRole('main')).not.toContainElement(footer);
    expect(footer.closest('footer')).toBeInTheDocument();
  });
});

describe('"Become a sitter"', () => {
  it('every such link on the home page opens signup with "Pet sitter" chosen', async () => {
    mockFetch(() => ({ status: 200, body: {} }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const links = await screen.findAllByRole('link', { name: 'Become a sitter' });
    expect(links.length).toBeGreaterThanOrEqual(2); // the hero's and the footer's
    for (const link of links) expect(link).toHaveAttribute('href', '/SignUp?role=provider');
  });

  it('is not offered to a signed-in member, whom signup would only send back', async () => {
    renderLayout('/dashboard', { userType: 'user', email: 'owner@example.com' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Become a sitter' })).toBeNull();
  });
});

describe('the header', () => {
  it('has the skip link\'s target, and no second "Skip to content" (index.html holds it)', () => {
    renderLayout('/dashboard', { userType: 'admin', email: 'admin@example.com' });
    expect(document.getElementById('main')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip to content' })).toBeNull();
  });

  it('opens the account menu from the keyboard with the focus on its first item', async () => {
    renderLayout('/dashboard', { userType: 'user', email: 'sam@example.com' });
    const account = screen.getByRole('button', { name: 'Account menu for sam@example.com' });
    account.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus(),
    );
    // Only items (and no placeholder of another role) inside the menu.
    expect(menu.querySelector('[role="presentation"]')).toBeNull();
  });

  it("links a member's identity check and disputes (and a sitter's public page) from the account menu, not an admin's", async () => {
    const { unmount } = renderLayout('/dashboard', { userType: 'user', email: 'sam@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for sam@example.com' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Identity check' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My disputes' })).toHaveAttribute(
      'href',
      '/dispute',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'My public page' })).toBeNull();
    unmount();
    const sitter = renderLayout('/dashboard', {
      userType: 'provider',
      email: 'sally@example.com',
      id: 'aaaaaaaaaaaaaaaaaaaaaac9',
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Account menu for sally@example.com' }),
    );
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'My public page' }),
    ).toHaveAttribute('href', '/petSitters/aaaaaaaaaaaaaaaaaaaaaac9');
    sitter.unmount();
    renderLayout('/dashboard', { userType: 'admin', email: 'admin@example.com' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Account menu for admin@example.com' }),
    );
    const adminMenu = await screen.findByRole('menu');
    expect(within(adminMenu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(within(adminMenu).queryByRole('menuitem', { name: 'My disputes' })).toBeNull();
  });

  it("shows the member's initials as the profile does, not their email's first letter", async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac7';
    storeSession({ id, userType: 'provider', email: 'newsitter1@example.com' });
    mockFetch((call) =>
      call.url === '/api/user/user-profile'
        ? {
            status: 200,
            body: {
              success: true,
              data: makeProfile({ _id: id, id, firstName: 'Sally', lastName: 'Sitterton' }),
            },
          }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/Settings');
    const account = await screen.findByRole('button', {
      name: 'Account menu for newsitter1@example.com',
    });
    await waitFor(() => expect(account).toHaveTextContent('SS'));
  });

  it('shows the uploaded profile photo, as the profile page does, instead of the initials', async () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaac8';
    const image = `/api/user/${id}/image`;
    storeSession({ id, userType: 'user', email: 'photo@example.com' });
    mockFetch((call) =>
      call.url === '/api/user/user-profile'
        ? {
            status: 200,
            body: {
              success: true,
              data: makeProfile({ _id: id, id, firstName: 'Tess', lastName: 'Owner', image }),
            },
          }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    // The photo comes as bytes through the API, shown through an object URL.
    const answerJson = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith(image)
        ? Promise.resolve({
            ok: true,
            status: 200,
            blob: async () => new Blob(['png'], { type: 'image/png' }),
          } as Response)
        : answerJson(input, init),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:photo-1';
        static override revokeObjectURL = () => undefined;
      },
    );
    renderApp('/Settings');
    const account = await screen.findByRole('button', {
      name: 'Account menu for photo@example.com',
    });
    expect(await within(account).findByRole('img', { name: 'Tess Owner' })).toHaveAttribute(
      'src',
      'blob:photo-1',
    );
  });
});

afterEach(() => vi.unstubAllGlobals());
