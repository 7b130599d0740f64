import { expect, test } from '@playwright/test';
import { DEMO, loginAndWait, readRuntimeConfig } from './support';

test.describe('the server serves the single-page app', () => {
  for (const route of ['/', '/login']) {
    test(`renders ${route}`, async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-type']).toContain('text/html');
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByRole('heading').first()).toBeVisible();
    });
  }

  test('a deep link to a guarded screen survives a reload (it lands on the login screen)', async ({
    page,
  }) => {
    const res = await page.goto('/petSitters/x');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /^(log ?in|sign ?in)$/i })).toBeVisible();
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
  });

  test('hands the run-time config to the page in a meta tag', async ({ page }) => {
    await page.goto('/');
    const config = await readRuntimeConfig(page);
    expect(config.secretKey.length).toBeGreaterThan(0);
    expect(typeof config.apiBase).toBe('string');
  });
});

test.describe('the API', () => {
  test('answers unknown /api paths with a JSON 404', async ({ page, request }) => {
    await page.goto('/');
    const { secretKey } = await readRuntimeConfig(page);
    const res = await request.get('/api/unknown', { headers: { 'secret-key': secretKey } });
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect((await res.json()).message).toMatch(/not found/i);
  });

  test('refuses calls without the secret key', async ({ request }) => {
    const res = await request.get('/api/unknown');
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid or missing secret key' });
  });

  test('publishes its OpenAPI document to calls with the secret key; the docs page shows it', async ({
    page,
    request,
  }) => {
    expect((await request.get('/api/docs/json')).status()).toBe(401);
    await page.goto('/');
    const { secretKey } = await readRuntimeConfig(page);
    const res = await request.get('/api/docs/json', { headers: { 'secret-key': secretKey } });
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(0);
    // The docs page fetches the document itself, with the header (its request interceptor).
    const fetched = page.waitForResponse((r) => r.url().endsWith('/api/docs/json'));
    await page.goto('/api/docs/');
    expect((await fetched).status()).toBe(200);
    await expect(page.getByRole('heading', { name: /Pawsy API/ })).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
  });

  test('reports health without the secret key', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    expect(await (await request.get('/readyz')).json()).toMatchObject({ database: true });
  });
});

test('a deep link to a sitter survives a reload when logged in', async ({ page }) => {
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  const { secretKey } = await readRuntimeConfig(page);
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const nearby = await page.request.get('/api/user/nearby?limit=1', {
    headers: { 'secret-key': secretKey, 'x-auth-token': token! },
  });
  expect(nearby.status()).toBe(200);
  const sitterId = (await nearby.json()).nearbyUsers[0]._id as string;

  await page.goto(`/petSitters/${sitterId}`);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/petSitters/${sitterId}$`));
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /page not found/i })).toHaveCount(0);
});
