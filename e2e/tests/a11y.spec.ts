import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, PUBLIC_PAGES, readRuntimeConfig } from './support';

type Role = 'owner' | 'sitter' | 'admin';
const CREDENTIALS = { owner: DEMO.owner, sitter: DEMO.sitter, admin: ADMIN } as const;

/** Every guarded screen of SPEC §2 with the role that normally uses it; `:x` filled from demo data. */
const GUARDED: [path: string, role: Role][] = [
  ['/settingsdemo', 'owner'],
  ['/dashboarddemo', 'owner'],
  ['/kyc', 'sitter'],
  ['/bookings', 'owner'],
  ['/bookings', 'sitter'],
  ['/petSitters', 'owner'],
  ['/petSitters/:sitterId', 'owner'],
  ['/profile', 'owner'],
  ['/profile', 'sitter'],
  ['/Settings', 'owner'],
  ['/dispute', 'owner'],
  ['/dispute/:disputeId', 'admin'],
  ['/admin', 'admin'],
  ['/booking-details/:bookingId', 'owner'],
  ['/admin/dispute/:disputeId', 'admin'],
  ['/pet-details', 'owner'],
  ['/dashboard', 'admin'],
  ['/user-dashboard', 'owner'],
  ['/user-dashboard', 'sitter'],
  ['/request-page', 'sitter'],
  ['/checkout', 'owner'],
  ['/request-form', 'owner'],
  ['/chat-room', 'owner'],
  ['/dashboard/kyc/user/:kycUserId', 'admin'],
  ['/dashboard/member/:memberId', 'admin'],
  ['/packages', 'owner'],
  ['/subscribe', 'owner'],
  ['/payment-success', 'owner'],
  ['/payment-cancel', 'owner'],
  ['/coupons', 'admin'],
  ['/kyclisting', 'admin'],
  ['/admin/disputes', 'admin'],
  ['/admin/messages', 'admin'],
];

type Session = { token: string; expiresAt: string };
const sessions = new Map<Role, Session>();
let ids: Record<string, string> | null = null;

/** The first `_id`/`id` in a list answer (`data: [...]`, `data: { data: [...] }`, `[...]`). */
function firstId(
  body: unknown,
  key: (item: Record<string, unknown>) => unknown = (i) => i._id ?? i.id,
): string | null {
  const lists: unknown[] = [body];
  while (lists.length > 0) {
    const value = lists.shift();
    if (Array.isArray(value)) {
      for (const item of value) {
        const id = item && typeof item === 'object' ? key(item as Record<string, unknown>) : null;
        if (typeof id === 'string' && id) return id;
      }
    } else if (value && typeof value === 'object') {
      lists.push(...Object.values(value));
    }
  }
  return null;
}

async function login(page: Page, role: Role): Promise<Session> {
  const known = sessions.get(role);
  if (known) return known;
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const res = await page.request.post(`${apiBase}/api/auth/login`, {
    headers: { 'secret-key': secretKey },
    data: CREDENTIALS[role],
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { token, expiresAt } = (await res.json()) as Session;
  sessions.set(role, { token, expiresAt });
  return { token, expiresAt };
}

/** Real ids from the demo data, looked up once through the API as the role that may see them. */
async function demoIds(page: Page): Promise<Record<string, string>> {
  if (ids) return ids;
  const { apiBase, secretKey } = await readRuntimeConfig(page);
  const get = async (role: Role, url: string) => {
    const { token } = await login(page, role);
    const res = await page.request.get(`${apiBase}${url}`, {
      headers: { 'secret-key': secretKey, 'x-auth-token': token },
    });
    // A failed lookup must fail here: with a made-up id the detail screens would be checked in
    // their not-found state only.
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as unknown;
  };
  const need = (id: string | null, name: string): string => {
    expect(id, `the demo data has no ${name}`).toBeTruthy();
    return id!;
  };
  ids = {
    sitterId: need(firstId(await get('owner', '/api/user/nearby?limit=5')), 'sitter'),
    bookingId: need(firstId(await get('owner', '/api/booking/user?limit=5')), 'booking'),
    disputeId: need(firstId(await get('admin', '/api/dispute/?limit=5')), 'dispute'),
    kycUserId: need(
      firstId(await get('admin', '/api/kyc?limit=5'), (i) => {
        const user = i.userId ?? i.user;
        return typeof user === 'object' && user ? (user as { _id?: string })._id : user;
      }),
      'KYC record',
    ),
    memberId: need(firstId(await get('admin', '/api/admin/members?limit=5')), 'member'),
  };
  return ids;
}

/** Puts the role's session into sessionStorage as the login screen does (SPEC §3 keys). */
async function signIn(page: Page, role: Role): Promise<void> {
  const session = await login(page, role);
  await page.evaluate(({ token, expiresAt }) => {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    sessionStorage.setItem('authToken', token);
    sessionStorage.setItem('authUser', JSON.stringify(JSON.parse(atob(payload))));
    sessionStorage.setItem('authExpiresAt', new Date(expiresAt).toISOString());
  }, session);
}

/** Waits for the screen and its data, then fails on serious or critical axe violations. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        why: n.failureSummary?.split('\n').slice(1).join(' ').slice(0, 200),
      })),
    }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
}

test.describe('public pages have no serious or critical accessibility violations', () => {
  for (const route of [...PUBLIC_PAGES, '/no-such-page']) {
    test(route, async ({ page }) => {
      await page.goto(route);
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('signed-in screens have no serious or critical accessibility violations', () => {
  for (const [pattern, role] of GUARDED) {
    test(`${pattern} as ${role}`, async ({ page }) => {
      await page.goto('/login');
      const known = await demoIds(page);
      await signIn(page, role);
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => known[name] ?? name);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expectNoSeriousViolations(page);
    });
  }
});
