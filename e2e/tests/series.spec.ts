import { expect, test, type Page } from '@playwright/test';
import { apiAccess, DEMO_PASSWORD, signIn, expectAccessible, newOwnerWithDog } from './support';

const WEEKDAY_CHIPS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Ticks exactly the given weekday chips (the form starts with tomorrow's weekday ticked). */
async function chooseWeekdays(page: Page, wanted: readonly string[]) {
  const group = page.getByRole('group', { name: 'Weekdays' });
  for (const short of WEEKDAY_CHIPS) {
    const label = group.locator('label').filter({ hasText: new RegExp(`^${short}$`) });
    const id = await label.getAttribute('for');
    const isChecked = await group.locator(`input[id="${id}"]`).isChecked();
    if (isChecked !== wanted.includes(short)) await label.click();
  }
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The first `count` visits from tomorrow in `timeZone` on `weekdays`, as the preview words them. */
function expectedVisits(count: number, weekdays: number[], timeZone: string, time: string) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()); // YYYY-MM-DD
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const visits: string[] = [];
  for (let i = 1; visits.length < count; i++) {
    const day = new Date(Date.UTC(y, m - 1, d + i));
    if (!weekdays.includes(day.getUTCDay())) continue;
    const date = `${DAY_NAMES[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
    visits.push(`${date} ${day.getUTCFullYear()}, ${time}`);
  }
  return visits;
}

// Omar (Portland) walks dogs on weekdays 16:00–20:00 at $28.00 an hour, and no demo booking
// holds his evenings: a Tuesday and Thursday walk at 17:00 for three weeks is free.
test('an owner books a weekly walk series, the sitter accepts it, and every visit is a booking', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The owner lives in Omar's time zone, so the preview shows his local times.
  const timeZone = 'America/Los_Angeles';
  const {
    page,
    owner,
    close: closeOwner,
  } = await newOwnerWithDog(browser, { timezoneId: timeZone });

  const omar = await signIn(browser, 'omar@pawsy.test', DEMO_PASSWORD, '/user-dashboard');
  const omarId = (await apiAccess(omar.page)).userId;

  await page.goto(`/request-form?providerId=${omarId}`);
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Dog walking', exact: true }).click();
  await page.getByLabel('Biscuit (dog)').check();
  await page.getByRole('radio', { name: 'Repeat weekly' }).check();
  await chooseWeekdays(page, ['Tue', 'Thu']);
  await page.getByLabel('Start time').fill('17:00');
  // From tomorrow (the default first day): six visits, two a week for three weeks.
  await page.getByRole('radio', { name: 'After a number of visits' }).check();
  await page.getByRole('textbox', { name: 'Number of visits' }).fill('6');
  await page.getByRole('button', { name: 'Preview the visits' }).click();

  const visits = page.getByRole('table', { name: 'Visits in this series' });
  await expect(visits.getByRole('row')).toHaveCount(7);
  await expect(visits.getByText('Free', { exact: true })).toHaveCount(6);
  const rows = visits.getByRole('row');
  const expected = expectedVisits(6, [2, 4], timeZone, '17:00–18:00');
  for (const [i, when] of expected.entries()) await expect(rows.nth(i + 1)).toContainText(when);
  const price = page.getByRole('group', { name: 'Series price' });
  await expect(price).toContainText('$28.00 × 1 hour per visit');
  await expect(price).toContainText('6 visits$168.00');
  await expectAccessible(page);

  // No credits: the whole price is paid in the payment sandbox, which comes back to the list.
  await page.getByRole('button', { name: 'Pay $168.00 by card' }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/bookings(\?.*)?$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Weekly series waiting for the sitter' });
  // Strangers until the sitter accepts: the last initial only.
  await expect(waiting.getByRole('article')).toContainText('Sitter: Omar H.');

  await omar.page.goto('/request-page');
  const requests = omar.page.getByRole('region', { name: 'Weekly series requests' });
  const card = requests.getByRole('article').filter({ hasText: `Owner: ${owner.firstName}` });
  await expect(card).toContainText('Tue, Thu at 17:00 for 1 hour');
  // Omar's browser is on UTC: his visits still read in his own (Portland) time.
  for (const when of expected) await expect(card).toContainText(when);
  await expectAccessible(omar.page);
  await card.getByRole('button', { name: 'Accept series' }).click();
  await expect(omar.page.getByText('6 bookings created.')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto('/bookings?status=accepted');
  const bookings = page.getByRole('article', { name: 'Dog walking booking' });
  await expect(bookings).toHaveCount(6);
  for (const booking of await bookings.all()) {
    await expect(booking).toContainText('Weekly series');
    // Accepted: the whole name.
    await expect(booking).toContainText('Sitter: Omar Haddad');
  }
  await expectAccessible(page);

  // An occurrence's details list the whole series.
  await bookings
    .first()
    .getByRole('link', { name: /^Dog walking, / })
    .click();
  const series = page.getByRole('region', { name: 'Part of a weekly series' });
  await expect(series.getByRole('list', { name: 'Visits in this series' })).toBeVisible();
  await expect(series.getByRole('listitem')).toHaveCount(6);
  await expect(series.getByRole('button', { name: 'Cancel this visit' })).toBeVisible();
  await expectAccessible(page);

  await omar.close();
  await closeOwner();
});
