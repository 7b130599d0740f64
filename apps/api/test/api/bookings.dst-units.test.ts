import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createProvider,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * Nights are counted on the sitter's wall clock (their calendar's time zone), so a daylight-saving
 * change never adds or removes one: the quote, the price of a direct request, the price set when
 * an open booking is accepted and a weekly series all agree. America/Chicago: clocks go back on
 * the first Sunday of November (a 25-hour day) and forward on the second Sunday of March (23 h).
 */
let t: TestApp;
let owner: Owner;
let sitter: TestUser;

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The next `nth` Sunday of `month` (0-based) at least `minDays` ahead, as YYYY-MM-DD. */
function nextSunday(month: number, nth: number, minDays = 10): string {
  for (let year = new Date().getUTCFullYear(); ; year++) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    const day = 1 + ((7 - first) % 7) + 7 * (nth - 1);
    const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (Date.parse(`${date}T00:00:00Z`) - Date.now() >= minDays * DAY) return date;
  }
}
const AUTUMN = nextSunday(10, 1); // clocks go back at 02:00 CDT → 01:00 CST
const SPRING = nextSunday(2, 2); // clocks go forward at 02:00 CST → 03:00 CDT

/** A local Chicago wall time as an ISO string with the offset in force on that date. */
const cdt = (date: string, time: string) => `${date}T${time}:00-05:00`;
const cst = (date: string, time: string) => `${date}T${time}:00-06:00`;

async function inChicago(who: TestUser) {
  const res = await call(t, 'PUT', '/api/availability', who, { timeZone: 'America/Chicago' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Units as the quote gives them and as the created direct request is priced; they must agree. */
async function nights(startDate: string, endDate: string, service = 'Boarding') {
  const body = { provider_id: sitter.id, service, startDate, endDate };
  const quote = await call(t, 'POST', '/api/booking/quote', owner, body);
  expect(quote.statusCode, quote.body).toBe(200);
  const booking = await postBooking(t, owner, body);
  const price = (booking as unknown as { price: { units: number; amountCents: number } }).price;
  expect(price.units).toBe(quote.json().data.units);
  expect(price.amountCents).toBe(quote.json().data.amountCents);
  return price.units as number;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, sitter } = await ownerAndSitter(t.app));
  await inChicago(sitter);
}, 60_000);
afterAll(() => closeApp(t));

describe('nights across a daylight-saving change (sitter in America/Chicago)', () => {
  it('Saturday 18:00 to Sunday 18:00 across the autumn change (25 h) is one night', async () => {
    const sat = addDays(AUTUMN, -1);
    expect(await nights(cdt(sat, '18:00'), cst(AUTUMN, '18:00'))).toBe(1);
    expect(await nights(cdt(sat, '18:00'), cst(AUTUMN, '18:00'), 'Pet sitting')).toBe(1);
  });

  it('Saturday 18:00 to Sunday 18:00 across the spring change (23 h) is one night', async () => {
    const sat = addDays(SPRING, -1);
    expect(await nights(cst(sat, '18:00'), cdt(SPRING, '18:00'))).toBe(1);
  });

  it('a plain 24 h is one night, 24 h and a minute is two', async () => {
    const sat = addDays(AUTUMN, -8);
    expect(await nights(cdt(sat, '18:00'), cdt(addDays(sat, 1), '18:00'))).toBe(1);
    expect(await nights(cdt(sat, '18:00'), cdt(addDays(sat, 1), '18:01'))).toBe(2);
    // Across the change a minute past the same wall time is still a second night.
    const before = addDays(AUTUMN, -1);
    expect(await nights(cdt(before, '18:00'), cst(AUTUMN, '18:01'))).toBe(2);
  });

  it('a week across the autumn change is seven nights', async () => {
    const monday = addDays(AUTUMN, -6);
    expect(await nights(cdt(monday, '10:00'), cst(addDays(monday, 7), '10:00'))).toBe(7);
  });

  it('hours stay elapsed time: a walk across the change is billed for the hours it lasts', async () => {
    // 00:30 CDT to 02:30 CST is three real hours on a two-hour wall clock.
    expect(await nights(cdt(AUTUMN, '00:30'), cst(AUTUMN, '02:30'), 'Dog walking')).toBe(3);
  });

  it('prices an open booking on its sitter’s clock when it is accepted', async () => {
    const sat = addDays(AUTUMN, -1);
    const open = await postBooking(t, owner, {
      service: 'Boarding',
      startDate: cdt(sat, '18:00'),
      endDate: cst(AUTUMN, '18:00'),
    });
    const taker = await createProvider(t.app);
    await inChicago(taker);
    const applied = await call(t, 'POST', `/api/booking/${open._id}/send-request`, taker);
    expect(applied.statusCode, applied.body).toBe(201);
    const accepted = await call(t, 'PUT', `/api/booking/accept/${open._id}`, owner, {
      providerId: taker.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.price).toMatchObject({ units: 1, amountCents: 4500 });
  });

  it('a weekly overnight series is one night per stay, the stay across the change included', async () => {
    const sat = addDays(SPRING, -8);
    const res = await call(t, 'POST', '/api/booking/series/preview', owner, {
      provider_id: sitter.id,
      service: 'Boarding',
      pets: [owner.petIds[0]],
      weekdays: [6],
      time: '18:00',
      durationMinutes: 24 * 60,
      startDate: sat,
      count: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.unitsPerOccurrence).toBe(1);
    // Each stay ends at 18:00 local: the second one (across the change) lasts 23 real hours.
    expect(preview.occurrences.map((o: { endAt: string }) => o.endAt)).toEqual([
      new Date(cst(addDays(sat, 1), '18:00')).toISOString(),
      new Date(cdt(SPRING, '18:00')).toISOString(),
    ]);
  });
});
