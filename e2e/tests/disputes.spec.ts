import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiAccess, DEMO, signIn, expectAccessible, newOwnerWithDog } from './support';

const HOUR = 3600_000;

/**
 * The first 2-hour dog walk from `from` (on the hour, stepping by hours) that the sitter's
 * calendar allows — the quote reports it. Sam's demo calendar has a weekly schedule and series.
 */
async function freeSlot(
  page: Page,
  me: Awaited<ReturnType<typeof apiAccess>>,
  sitterId: string,
  from: number,
): Promise<number> {
  let start = Math.ceil(from / HOUR) * HOUR;
  for (let i = 0; i < 7 * 24; i += 1, start += HOUR) {
    const quote = await page.request.post(`${me.apiBase}/api/booking/quote`, {
      headers: me.headers,
      data: {
        provider_id: sitterId,
        service: 'Dog walking',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 2 * HOUR).toISOString(),
      },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    if (((await quote.json()) as { data: { available?: boolean } }).data.available) return start;
  }
  throw new Error('No free 2-hour walk with the sitter within a week');
}

/**
 * A fresh owner books Sam directly (through the API) and Sam accepts: a booking with a sitter,
 * so either party may open a dispute on it, and the demo data stays as it was.
 */
async function acceptedBooking(browser: Browser) {
  const { page, owner, me, petId, close: closeOwner } = await newOwnerWithDog(browser);

  const sam = await signIn(browser, DEMO.sitter.email, DEMO.sitter.password, '/user-dashboard');
  const samApi = await apiAccess(sam.page);
  const start = await freeSlot(page, me, samApi.userId, Date.now() + 3 * 24 * 3600_000);
  const booking = await page.request.post(`${me.apiBase}/api/booking/`, {
    headers: me.headers,
    data: {
      service: 'Dog walking',
      pets: [petId],
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      notes: 'Loves the park',
      provider_id: samApi.userId,
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const created = (await booking.json()) as {
    data: { _id: string; payment: { status: string; checkoutUrl: string | null } };
  };
  const bookingId = created.data._id;
  // Sam is asked once the card part is paid (the payment sandbox's Pay button).
  if (created.data.payment.status === 'awaiting') {
    await page.goto(created.data.payment.checkoutUrl!);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-details/${bookingId}`));
  }
  const accept = await sam.page.request.put(`${samApi.apiBase}/api/booking/accept/${bookingId}`, {
    headers: samApi.headers,
    data: { providerId: samApi.userId, decision: 'accepted' },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  return {
    owner: { page, name: `${owner.firstName} ${owner.lastName}`, close: closeOwner },
    sam,
    bookingId,
  };
}

test('a dispute opened from a booking is resolved by an admin with a winner; both parties see it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, sam, bookingId } = await acceptedBooking(browser);
  const reason = `Walk cut short ${Date.now().toString(36)}`;

  await owner.page.goto(`/booking-details/${bookingId}`);
  await owner.page.getByRole('link', { name: 'Open a dispute' }).click();
  const form = owner.page.getByRole('form', { name: 'Open a dispute' });
  await expect(form).toBeVisible();
  await expectAccessible(owner.page);
  await form.getByLabel('Reason').fill(reason);
  await form.getByLabel('What happened?').fill('Biscuit was back after ten minutes.');
  await form.getByRole('button', { name: 'Submit dispute' }).click();
  await expect(owner.page).toHaveURL(/\/dispute\/[a-f0-9]{24}$/);
  const disputeId = owner.page.url().split('/').pop()!;
  const details = owner.page.getByRole('region', { name: reason });
  await expect(details.getByText('Open', { exact: true })).toBeVisible();
  await expectAccessible(owner.page);

  const admin = await signIn(browser, ADMIN.email, ADMIN.password, '/dashboard');
  await admin.page.goto('/admin/disputes');
  await admin.page.getByRole('combobox', { name: 'Status' }).click();
  await admin.page.getByRole('option', { name: 'Open', exact: true }).click();
  await expect(admin.page.getByRole('link', { name: reason })).toBeVisible();
  await expectAccessible(admin.page);
  await admin.page.getByRole('link', { name: reason }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/admin/dispute/${disputeId}$`));
  await expect(admin.page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: 'Chat transcript' })).toBeVisible();
  await expect(admin.page.getByText('No messages on this booking.')).toBeVisible();
  await expectAccessible(admin.page);
  await admin.page.getByRole('combobox', { name: 'Winner' }).click();
  await admin.page.getByRole('option', { name: `${owner.name} (owner)` }).click();
  await admin.page.getByLabel('Reason (shown to both parties)').fill('Door log confirms it.');
  await admin.page.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.page.getByText(`Resolved in favour of ${owner.name}.`)).toBeVisible();
  // The admin makes good the owner's loss in credits, from the dispute's own page.
  const give = admin.page.getByRole('region', { name: 'Give credits' });
  await expect(give).toContainText(`grant ${owner.name} credits`);
  await give.getByRole('textbox', { name: /Amount/ }).fill('5');
  await give.getByRole('button', { name: 'Grant credits' }).click();
  await expect(give.getByRole('status')).toHaveText(`Credits granted to ${owner.name} (owner).`);

  const outcome = `Resolved in favour of ${owner.name}. Door log confirms it.`;
  await owner.page.reload();
  await expect(owner.page.getByText(outcome)).toBeVisible();

  await sam.page.goto('/dispute');
  await sam.page.getByRole('link', { name: reason }).click();
  await expect(
    sam.page.getByRole('region', { name: reason }).getByText('Resolved', { exact: true }),
  ).toBeVisible();
  await expect(sam.page.getByText(outcome)).toBeVisible();

  await Promise.all([owner.close(), sam.close(), admin.close()]);
});
