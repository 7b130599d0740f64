import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { call, type Owner } from './booking-fixtures.ts';
import { submitSandbox } from './checkout.ts';
import type { TestUser } from './factories.ts';

const DAY = 86_400_000;
/** The UTC date `days` from now (YYYY-MM-DD). */
export const dateIn = (days: number) =>
  new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export type SeriesOccurrence = {
  bookingId: string;
  startAt: string;
  endAt: string;
  status: string;
};

/**
 * A weekly series body: on the weekday 7 days from now, from then, 4 times, 08:00 for an hour of
 * dog walking ($20/h at the test sitters' rate). `extra` overrides any field.
 */
export function seriesBody(owner: Owner, sitter: TestUser, extra: Record<string, unknown> = {}) {
  const startDate = dateIn(7);
  return {
    provider_id: sitter.id,
    service: 'Dog walking',
    pets: [owner.petIds[0]],
    weekdays: [weekdayOf(startDate)],
    time: '08:00',
    durationMinutes: 60,
    startDate,
    count: 4,
    notes: 'Weekly walk',
    ...extra,
  };
}

/**
 * A series asked through the API, what credits leave paid in the sandbox, and accepted by its
 * sitter: the series as the decision answers it (an id, a status, one booking per occurrence).
 */
export async function acceptedSeries(
  t: TestApp,
  owner: Owner,
  sitter: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; status: string; occurrences: SeriesOccurrence[] }> {
  const res = await call(t, 'POST', '/api/booking/series', owner, seriesBody(owner, sitter, extra));
  expect(res.statusCode, res.body).toBe(201);
  const { data, checkoutUrl } = res.json() as { data: { id: string }; checkoutUrl?: string | null };
  if (checkoutUrl)
    expect((await submitSandbox(t, checkoutUrl, 'Pay')).statusCode).toBeLessThan(400);
  const decided = await call(t, 'PUT', `/api/booking/series/${data.id}/decision`, sitter, {
    decision: 'accepted',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json().data;
}
