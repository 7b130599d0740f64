import { expect, test, type Page } from '@playwright/test';
import { apiAccess, DEMO_PASSWORD, newOwnerWithDog, signIn } from './support';

// A 1×1 PNG: the API checks an upload's type from its bytes.
// Sam's calendar (demo data) is in Austin's time zone with a weekly schedule, and requests are
// checked against it: the form's default slot (tomorrow 09:00–10:00 for a walk, local) is read as an Austin
// owner's, not the test machine's (often UTC, when 09:00 is 03:00 for Sam).
test.use({ timezoneId: 'America/Chicago' });

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function sitterId(page: Page, firstName: string): Promise<string> {
  const { headers, apiBase } = await apiAccess(page);
  const res = await page.request.get(`${apiBase}/api/user/nearby?name=${firstName}&limit=5`, {
    headers,
  });
  const body = (await res.json()) as { nearbyUsers: { _id: string; firstName: string }[] };
  const sitter = body.nearbyUsers.find((u) => u.firstName === firstName);
  expect(sitter, `${firstName} is a demo sitter`).toBeTruthy();
  return sitter!._id;
}

async function chooseService(page: Page, service: string) {
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: service, exact: true }).click();
}

/** Confirms the checkout; a price credits do not cover is paid first in the payment sandbox. */
async function confirmAtCheckout(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/checkout$/);
  const confirm = page.getByRole('button', { name: /^(Confirm booking|Pay .* by card)$/ });
  const paysByCard = /by card/.test((await confirm.textContent()) ?? '');
  await confirm.click();
  if (paysByCard) {
    // The sandbox's own Pay button: wait for its page, as the app's button matches /^Pay/ too.
    await page.waitForURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: /^Pay/ }).click();
  }
  await expect(page).toHaveURL(/\/booking-details\/[a-f0-9]{24}(\?.*)?$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function review(page: Page, stars: number, comment: string) {
  const form = page.getByRole('form', { name: 'Leave a review' });
  await form.getByRole('radio', { name: `${stars} stars` }).press('Enter');
  await form.getByLabel('Comment').fill(comment);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form).toBeHidden();
  // The form is gone with its button: the focus goes to the reviews, not to <body>.
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeFocused();
}

const status = (page: Page, label: string) => page.getByLabel(`Status: ${label}`).first();

test('an owner books a sitter, who accepts, starts with a photo and completes; both review', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwnerWithDog(browser);
  const samId = await sitterId(owner.page, 'Sam');

  await owner.page.goto(`/request-form?providerId=${samId}`);
  await expect(owner.page.getByLabel(/^Chosen sitter: Sam /)).toBeVisible();
  await chooseService(owner.page, 'Dog walking');
  await owner.page.getByLabel('Biscuit (dog)').check();
  await owner.page.getByLabel('Notes for the sitter').fill('Biscuit pulls towards squirrels.');
  await owner.page.getByRole('button', { name: 'Continue to checkout' }).click();

  // Default slot for an hourly service: tomorrow 09:00–10:00, 1 hour at Sam's $25.00.
  await expect(owner.page.getByText('$25.00 × 1 hour')).toBeVisible();
  await expect(owner.page.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  const bookingId = await confirmAtCheckout(owner.page);
  await expect(status(owner.page, 'Pending')).toBeVisible();

  const sam = await signIn(browser, 'sam@pawsy.test', DEMO_PASSWORD, '/user-dashboard');
  await sam.page.goto(`/booking-details/${bookingId}`);
  await sam.page.getByRole('button', { name: 'Accept' }).click();
  await expect(status(sam.page, 'Accepted')).toBeVisible();

  await sam.page.getByRole('button', { name: 'Start', exact: true }).click();
  const start = sam.page.getByRole('dialog', { name: 'Start the booking' });
  await start
    .getByLabel('Note for the owner (optional)')
    .fill('Picked Biscuit up, off to the park');
  await start.locator('input[type="file"]').setInputFiles({
    name: 'walk.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await start.getByRole('button', { name: 'Start booking' }).click();
  await expect(status(sam.page, 'In progress')).toBeVisible();
  await expect(sam.page.getByText('Picked Biscuit up, off to the park')).toBeVisible();
  await expect(sam.page.getByRole('img', { name: /^Photo: Started/ })).toBeVisible();

  await sam.page.getByRole('button', { name: 'Complete', exact: true }).click();
  const complete = sam.page.getByRole('dialog', { name: 'Complete the booking' });
  await complete.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(status(sam.page, 'Completed')).toBeVisible();
  await review(sam.page, 5, 'Biscuit was a delight.');

  await owner.page.reload();
  await expect(status(owner.page, 'Completed')).toBeVisible();
  // The owner sees the check-in photo too (fetched with the session's headers).
  await expect(owner.page.getByRole('img', { name: /^Photo: Started/ })).toBeVisible();
  await review(owner.page, 4, 'Great updates and photos.');
  // Both have reviewed: each review is visible to both.
  await expect(owner.page.getByRole('article', { name: 'Review by Sam' })).toContainText(
    'Biscuit was a delight.',
  );
  await sam.page.reload();
  await expect(sam.page.getByRole('article', { name: /^Review by Eddie/ })).toContainText(
    'Great updates and photos.',
  );
  await owner.close();
  await sam.close();
});

test('an owner invites three sitters; the first acceptance withdraws the other invitations', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwnerWithDog(browser);
  await owner.page.goto('/request-form');
  await owner.page.getByRole('radio', { name: /Send to several sitters/ }).check();
  await chooseService(owner.page, 'Pet sitting');
  const picker = owner.page.getByRole('combobox', { name: 'Sitters to invite' });
  // Strangers see sitters' last names as initials ("Jade N."); all three take dogs.
  for (const name of ['Sam', 'Jade', 'Ethan']) {
    await picker.click();
    await owner.page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
  }
  await owner.page.keyboard.press('Escape');
  await owner.page.getByLabel('Biscuit (dog)').check();
  await owner.page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(owner.page.getByText(/sent to 3 sitters/)).toBeVisible();
  const bookingId = await confirmAtCheckout(owner.page);
  await expect(owner.page.getByText('Invited by the owner')).toHaveCount(3);

  // The booking's chat has one conversation per invited sitter: the owner writes to Jade.
  await owner.page.getByRole('button', { name: 'Chat' }).click();
  const chat = owner.page.getByRole('dialog', { name: /^Chat with/ });
  const sitters = chat.getByRole('navigation', { name: 'Conversations' });
  await expect(sitters.getByRole('button')).toHaveCount(3);
  await sitters.getByRole('button', { name: /^Jade/ }).click();
  await expect(owner.page.getByRole('dialog', { name: 'Chat with Jade N.' })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('Hi Jade, are you free then?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('list', { name: 'Messages' })).toContainText(
    'Hi Jade, are you free then?',
  );
  await expect(chat.getByRole('alert')).toHaveCount(0);
  await chat.getByRole('button', { name: 'Close chat' }).click();

  // Jade answers from her request board.
  const jade = await signIn(browser, 'jade@pawsy.test', DEMO_PASSWORD, '/user-dashboard');
  await jade.page.goto('/request-page');
  const invitations = jade.page.getByRole('region', { name: 'Invitations' });
  const card = invitations.locator('article', {
    has: jade.page.locator(`a[href="/booking-details/${bookingId}"]`),
  });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();

  // Sam's invitation is closed: the booking is no longer his to see or decide.
  const sam = await signIn(browser, 'sam@pawsy.test', DEMO_PASSWORD, '/user-dashboard');
  await sam.page.goto(`/booking-details/${bookingId}`);
  await expect(sam.page.getByRole('alert')).toContainText('Booking not found');
  await expect(sam.page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await sam.page.goto('/request-page');
  await expect(sam.page.locator(`a[href="/booking-details/${bookingId}"]`)).toHaveCount(0);

  await owner.page.reload();
  await expect(status(owner.page, 'Accepted')).toBeVisible();
  await expect(owner.page.getByRole('group', { name: 'Request from Jade Nguyen' })).toContainText(
    'accepted',
  );
  // The assigned sitter by the whole name; the others stay strangers, by the last initial.
  for (const name of ['Sam O.', 'Ethan B.'])
    await expect(owner.page.getByRole('group', { name: `Request from ${name}` })).toContainText(
      'closed',
    );
  await owner.close();
  await jade.close();
  await sam.close();
});

test('an owner with more open requests than one page sees them all by scrolling', async ({
  browser,
}) => {
  const owner = await newOwnerWithDog(browser);
  const { page } = owner;
  const { headers, userId, apiBase } = await apiAccess(page);
  const pets = await page.request.get(`${apiBase}/api/pets/user/${userId}`, { headers });
  const petId = ((await pets.json()) as { result: { _id: string }[] }).result[0]!._id;
  // 21 open requests (no sitter yet), one a day: one more than the list's page of 20.
  const day = 24 * 60 * 60 * 1000;
  const first = Math.ceil(Date.now() / day) * day + 2 * day + 15 * 60 * 60 * 1000;
  for (let i = 0; i < 21; i += 1) {
    const created = await page.request.post(`${apiBase}/api/booking/`, {
      headers,
      data: {
        service: 'Dog walking',
        pets: [petId],
        startDate: new Date(first + i * day).toISOString(),
        endDate: new Date(first + i * day + 60 * 60 * 1000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/bookings');
  const cards = page.getByRole('article', { name: 'Dog walking booking' });
  await expect(cards).toHaveCount(20);
  // Scrolling to the end of the list loads the next page; no button press needed.
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(21);
  await expect(page.getByText('No more bookings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await owner.close();
});
