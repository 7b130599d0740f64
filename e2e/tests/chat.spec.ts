import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAndWait, expectAccessible } from './support';

/** Each person in their own browser context (own sessionStorage), like two devices. */
async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAndWait(page, email, DEMO_PASSWORD, /\/(user-dashboard|kyc|dashboard)$/);
  return { page, close: () => context.close() };
}

/** Opens /chat-room and the conversation with `other` (demo: marcus ↔ hannah, an accepted booking). */
async function openConversation(page: Page, other: RegExp) {
  await page.goto('/chat-room');
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('button', { name: other }).first().click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`Chat with ${other.source}`) }),
  ).toBeVisible();
}

test('two users chat live in two browser contexts', async ({ browser }) => {
  // Two sign-ins, two conversations, a booking page and two accessibility scans.
  test.setTimeout(90_000);
  const owner = await signIn(browser, 'marcus@pawsy.test');
  const sitter = await signIn(browser, 'hannah@pawsy.test');
  try {
    await openConversation(owner.page, /Hannah Kim/);
    await openConversation(sitter.page, /Marcus Reid/);

    const hello = `Is 9am fine? (${Date.now()})`;
    const box = owner.page.getByRole('textbox', { name: 'Message' });
    await box.fill(hello);
    await owner.page.getByRole('button', { name: 'Send' }).click();
    await expect(box).toHaveValue('');
    const ownerThread = owner.page.getByRole('list', { name: 'Messages' });
    await expect(ownerThread.getByText(hello)).toBeVisible();
    // Live, not by polling (every 10 s) or reload: it shows up within a few seconds.
    await expect(sitter.page.getByRole('list', { name: 'Messages' }).getByText(hello)).toBeVisible({
      timeout: 5_000,
    });

    const reply = `9am works, see you! (${Date.now()})`;
    const sitterBox = sitter.page.getByRole('textbox', { name: 'Message' });
    await sitterBox.fill(reply);
    await sitterBox.press('Enter'); // the keyboard sends too
    await expect(ownerThread.getByText(reply)).toBeVisible({ timeout: 5_000 });
    await expect(ownerThread.getByText(hello)).toHaveCount(1);
    await expectAccessible(owner.page);

    // The booking page's Chat button opens the same conversation in the chat modal.
    const bookingId = new URL(owner.page.url()).searchParams.get('booking');
    expect(bookingId).toBeTruthy();
    await owner.page.goto(`/booking-details/${bookingId}`);
    await owner.page.getByRole('button', { name: 'Chat', exact: true }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Chat with Hannah Kim' });
    await expect(dialog.getByText(reply)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expectAccessible(owner.page);
  } finally {
    await owner.close();
    await sitter.close();
  }
});
