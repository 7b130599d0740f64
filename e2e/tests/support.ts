import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/** The admin run-e2e.mjs ensures at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Admin-Password-1' } as const;

/** Demo password of the seeded owners and sitters (apps/api/src/seed/users.seed.ts). */
export const DEMO_PASSWORD = 'PawsyDemo!2026';

/** Seeded accounts (DEMO_DATA=true): a KYC-verified owner and sitter, and an unverified owner. */
export const DEMO = {
  owner: { email: 'olivia@pawsy.test', password: DEMO_PASSWORD },
  sitter: { email: 'sam@pawsy.test', password: DEMO_PASSWORD },
  unverifiedOwner: { email: 'priya@pawsy.test', password: DEMO_PASSWORD },
} as const;

export const PUBLIC_PAGES = [
  '/',
  '/How-it-works',
  '/privacy-policy',
  '/contact-us',
  '/terms-of-use',
  '/login',
  '/SignUp',
  '/forgot-password',
] as const;

export type RuntimeConfig = { secretKey: string; apiBase: string };

/** The run-time config the server injects into index.html as `<meta name="pawsy-config">`. */
export async function readRuntimeConfig(page: Page): Promise<RuntimeConfig> {
  const content = await page.locator('meta[name="pawsy-config"]').getAttribute('content');
  expect(content, 'index.html carries the pawsy-config meta tag').toBeTruthy();
  return JSON.parse(content!) as RuntimeConfig;
}

type Mail = { to: string; subject: string; text: string; code?: string; file: string };

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the suite with `npm run test -w e2e`');
  return dir;
}

/** The newest mail the app wrote to DATA_DIR/mail/ (files sort by name, oldest first). */
export function latestMail(to?: string): Mail | null {
  const dir = path.join(dataDir(), 'mail');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Omit<Mail, 'file'>;
    if (!to || String(mail.to).toLowerCase() === to.toLowerCase()) return { ...mail, file };
  }
  return null;
}

/** Waits for a mail to `to` and returns the 6-digit code it carries. */
export async function latestMailCode(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = latestMail(to);
        code = mail?.code ?? /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a mail with a code to ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A unique address per call so tests never collide with each other or the demo data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/** Fills the login form and submits it; the caller asserts where the app goes next. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
}

/** Logs in and waits for the redirect that follows three seconds later (SPEC §2). */
export async function loginAndWait(
  page: Page,
  email: string,
  password: string,
  expectedPath: string | RegExp,
): Promise<void> {
  await loginViaUi(page, email, password);
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(
    typeof expectedPath === 'string' ? new RegExp(`${escape(expectedPath)}$`) : expectedPath,
    { timeout: 10_000 },
  );
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type NewUser = { email: string; password: string; firstName: string; lastName: string };

/** Signs a user up through the API and verifies the email with the mailed code. */
export async function createVerifiedUserViaApi(
  page: Page,
  kind: 'user' | 'provider',
): Promise<NewUser> {
  await page.goto('/');
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const user: NewUser = {
    email: uniqueEmail(kind),
    password: 'E2e-User-Password-1',
    firstName: 'Eddie',
    lastName: kind === 'provider' ? 'Sitter' : 'Owner',
  };
  const headers = { 'secret-key': secretKey };
  const signup = await page.request.post(`${apiBase}/api/auth/signup`, {
    headers,
    data: {
      ...user,
      phone: '+15555550123',
      term: true,
      userType: kind,
      primery_services: kind === 'provider' ? ['pet-sitting'] : [],
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await latestMailCode(user.email);
  const verify = await page.request.post(`${apiBase}/api/auth/verify-otp`, {
    headers,
    data: { email: user.email, otp },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return user;
}

/** No serious or critical WCAG 2 A/AA violations on the screen as it is now. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.html) }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
}

export async function signIn(browser: Browser, email: string, password: string, landing: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAndWait(page, email, password, landing);
  return { page, close: () => context.close() };
}

export async function apiAccess(page: Page) {
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const { token, userId } = await page.evaluate(() => ({
    token: sessionStorage.getItem('authToken') ?? '',
    userId: (JSON.parse(sessionStorage.getItem('authUser') ?? '{}') as { id: string }).id,
  }));
  return { headers: { 'secret-key': secretKey, 'x-auth-token': token }, userId, apiBase };
}

/**
 * A fresh pet owner with one dog, Biscuit (created through the API), signed in through the UI in a
 * context of their own (`options` as for browser.newContext, e.g. a time zone).
 */
export async function newOwnerWithDog(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const owner = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, owner.email, owner.password, '/kyc');
  const me = await apiAccess(page);
  const pet = await page.request.post(`${me.apiBase}/api/pets`, {
    headers: me.headers,
    multipart: { userId: me.userId, name: 'Biscuit', species: 'dog' },
  });
  expect(pet.status(), await pet.text()).toBe(201);
  const petId = ((await pet.json()) as { data: { _id: string } }).data._id;
  return { page, owner, me, petId, close: () => context.close() };
}
