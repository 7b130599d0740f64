import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, createVerifiedUserViaApi, loginAndWait, readRuntimeConfig } from './support';

// A 1×1 PNG, generated here: the API checks an upload's type from its bytes and re-encodes it.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Downtown Denver: the browser's geolocation answer for "Use my location". */
const DENVER = { latitude: 39.7392, longitude: -104.9903 };

test.use({ geolocation: DENVER, permissions: ['geolocation'] });

/** A fresh owner (KYC not verified, so login lands on /kyc), signed in through the UI. */
async function signInNewOwner(page: Page) {
  const owner = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, owner.email, owner.password, '/kyc');
  return owner;
}

async function sessionUserId(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('authUser') ?? '{}') as { id: string }).id,
  );
}

test.describe('profile, pets, sitters and live notifications', () => {
  test('edits the profile with a photo and the browser location', async ({ page }) => {
    const owner = await signInNewOwner(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(owner.firstName);

    await page.getByLabel('City').fill('Denver');
    // The headline belongs on a sitter card: an owner is not asked for one.
    await expect(page.getByLabel('Headline')).toHaveCount(0);
    await page
      .getByRole('textbox', { name: 'About you' })
      .fill('Two cats and a very patient beagle');
    await page.getByLabel('Street address').fill('1550 Larimer St');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'paw.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_BASE64, 'base64'),
    });
    await expect(page.getByText('Selected: paw.png')).toBeVisible();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByText('Location set: 39.7392, -104.9903')).toBeVisible();

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/update-profile') && r.request().method() === 'PUT',
    );
    // By keyboard: the button is disabled while it saves, and the focus comes back to it after
    // (the browser had left it on <body>).
    const save = page.getByRole('button', { name: 'Save profile' });
    await save.focus();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(save).toBeFocused();
    // The stored photo comes back through the authorised image route.
    const name = `${owner.firstName} ${owner.lastName}`;
    // The form's photo (the header's account avatar shows it too).
    const profileForm = page.getByRole('form', { name: 'Your profile' });
    await expect(profileForm.getByRole('img', { name })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Denver');
    await expect(page.getByRole('textbox', { name: 'About you' })).toHaveValue(
      'Two cats and a very patient beagle',
    );
    await expect(page.getByText('Location set: 39.7392, -104.9903')).toBeVisible();
    await expect(profileForm.getByRole('img', { name })).toBeVisible();
  });

  test('adds a pet and edits it', async ({ page }) => {
    await signInNewOwner(page);
    await page.goto('/pet-details');
    await expect(page.getByText('No pets yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add your first pet' }).click();

    const addDialog = page.getByRole('dialog', { name: 'Add a pet' });
    await addDialog.getByLabel('Name').fill('Pepper');
    await addDialog.getByLabel('Breed').fill('Beagle');
    await addDialog.getByLabel('Age (years)').fill('3');
    await addDialog.getByLabel('Care notes').fill('Loves carrots');
    await addDialog.getByRole('button', { name: 'Add pet' }).click();
    await expect(addDialog).toBeHidden();
    const card = page.getByRole('article', { name: 'Pepper' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Beagle')).toBeVisible();
    await expect(card.getByText('3 yr')).toBeVisible();

    await card.getByRole('button', { name: 'Edit Pepper' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Pepper' });
    await editDialog.getByLabel('Name').fill('Pepper Jr');
    await editDialog.getByLabel('Weight (kg)').fill('11');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(editDialog).toBeHidden();
    const edited = page.getByRole('article', { name: 'Pepper Jr' });
    await expect(edited.getByText('11 kg')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article', { name: 'Pepper Jr' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  test('lists the nearest sitters first for an owner with a location', async ({ page }) => {
    // The seeded owner Olivia lives in Austin, with coordinates.
    await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
    await page.goto('/petSitters');
    await expect(page.getByText('Sitters nearest to you first.')).toBeVisible();
    const list = page.getByRole('region', { name: 'Sitters' });
    const distances = list.getByTestId('distance');
    await expect(distances.first()).toBeVisible();
    const km = (await distances.allTextContents()).map((t) =>
      /less than 1/i.test(t) ? 0 : Number.parseFloat(t),
    );
    expect(km.length).toBeGreaterThan(1);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await expect(list.getByRole('article').first()).toContainText('Austin');
    // The map beside the list carries one marker per located sitter.
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.locator('path.leaflet-interactive').first()).toBeAttached();

    await list.getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/petSitters\/[a-f0-9]{24}$/);
    await expect(page.getByRole('link', { name: 'Request a booking' })).toHaveAttribute(
      'href',
      /\/request-form\?providerId=[a-f0-9]{24}$/,
    );
  });

  test('receives a notification live, without reloading', async ({ page }) => {
    await signInNewOwner(page);
    await page.goto('/pet-details');
    const userId = await sessionUserId(page);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const bell = page.getByRole('button', { name: /^Notifications,/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: /^Notifications,/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('An administrator updated your account: paid.')).toHaveCount(0);

    const { secretKey, apiBase } = await readRuntimeConfig(page);
    const login = await page.request.post(`${apiBase}/api/auth/login`, {
      headers: { 'secret-key': secretKey },
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const flagged = await page.request.put(`${apiBase}/api/user/${userId}`, {
      headers: { 'secret-key': secretKey, 'x-auth-token': token },
      data: { is_paid: true },
    });
    expect(flagged.status(), await flagged.text()).toBe(200);

    // Polling runs once a minute: seeing it within seconds means it came over the live channel.
    await expect(panel.getByText('An administrator updated your account: paid.')).toBeVisible({
      timeout: 10_000,
    });
    expect(navigations).toBe(0);

    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(panel.getByText('You are all caught up.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  });
});
