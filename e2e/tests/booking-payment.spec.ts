import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiAccess,
  DEMO_PASSWORD,
  signIn,
  expectAccessible,
  newOwnerWithDog,
} from './support';

// Sam's calendar (demo data) is in Austin's time zone with a weekly schedule, and requests are
// checked against it: the form's default slot (tomorrow 09:00–10:00 for a walk, local) is read as an Austin
// owner's, not the test machine's (often UTC, when 09:00 is 03:00 for Sam).
test.use({ timezoneId: 'America/Chicago' });

test('an owner with too few credits pays the rest of a booking through the sandbox and the sitter then sees the request', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A fresh owner with a dog and $10 of credits (granted by an admin).
  const { page, me, close: closeOwner } = await newOwnerWithDog(browser);
  const admin = await signIn(browser, ADMIN.email, ADMIN.password, '/dashboard');
  const adminApi = await apiAccess(admin.page);
  const grant = await admin.page.request.post(`${adminApi.apiBase}/api/userCredit/user-credits`, {
    headers: adminApi.headers,
    data: { userId: me.userId, amount: 1000, reason: 'Welcome credits' },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  await admin.close();

  const sam = await signIn(browser, 'sam@pawsy.test', DEMO_PASSWORD, '/user-dashboard');
  const samId = (await apiAccess(sam.page)).userId;

  // Sam's Dog walking 09:00–10:00 (an hourly service's default) on a day three days ahead, clear
  // of the walk bookings.spec.ts books with him tomorrow at the same hour: 1 hour × $25.00.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/request-form?providerId=${samId}&startDate=${day}&endDate=${day}`);
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Dog walking', exact: true }).click();
  await page.getByLabel('Biscuit (dog)').check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByText('$25.00 × 1 hour')).toBeVisible();
  await page.getByRole('switch', { name: /^Apply my credits/ }).click();
  await page.getByRole('button', { name: 'Pay $15.00 by card' }).click();

  // The sandbox's checkout page: the booking exists, but Sam has not been asked yet. (Wait for
  // its URL first: the app's own "Pay $15.00 by card" matches /^Pay/ until the page changes.)
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await expectAccessible(page);
  const { apiBase, headers } = me;
  const mine = await page.request.get(`${apiBase}/api/booking/user`, { headers });
  const bookingId = ((await mine.json()) as { data: { _id: string }[] }).data[0]!._id;
  await sam.page.goto(`/booking-details/${bookingId}`);
  await expect(sam.page.getByRole('alert')).toContainText('Booking not found');

  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-details/${bookingId}`));
  await expect(page.getByText('Credits applied: $10.00')).toBeVisible();
  await expect(page.getByText('Paid by card: $15.00')).toBeVisible();
  await expect(page.getByText('Payment received')).toBeVisible();
  // axe reads colours mid-transition: scan once the toast has fully faded in.
  await page.waitForFunction(() => {
    let el = document.querySelector('.mantine-Notification-description');
    for (; el; el = el.parentElement) if (getComputedStyle(el).opacity !== '1') return false;
    return document.querySelector('.mantine-Notification-description') !== null;
  });
  await expectAccessible(page);

  // Paid in full: the request reaches Sam, who can accept it.
  await sam.page.goto('/request-page');
  await expect(sam.page.locator(`a[href="/booking-details/${bookingId}"]`).first()).toBeVisible();
  await sam.page.goto(`/booking-details/${bookingId}`);
  await expect(sam.page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await sam.close();
  await closeOwner();
});
