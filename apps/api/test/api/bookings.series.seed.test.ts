import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const login = (email: string) => demoSession(t.app, email);

describe('demo weekly walk series', () => {
  it('Olivia and Sam share an accepted series with completed and upcoming walks', async () => {
    const olivia = await login('olivia@pawsy.test');
    const sam = await login('sam@pawsy.test');
    const mine = await call(t, 'GET', '/api/booking/series', olivia);
    expect(mine.statusCode, mine.body).toBe(200);
    const [series] = mine.json().data;
    expect(series).toMatchObject({ status: 'accepted', service: 'dog-walking', time: '08:00' });
    expect(series.provider._id).toBe(sam.id);
    const statuses = series.occurrences.map((o: { status: string }) => o.status);
    expect(statuses).toContain('completed');
    expect(statuses.some((s: string) => s === 'accepted' || s === 'in-progress')).toBe(true);
    const theirs = await call(t, 'GET', '/api/booking/series?role=provider', sam);
    expect(theirs.json().data.map((s: { id: string }) => s.id)).toContain(series.id);
    const list = await call(t, 'GET', '/api/booking/user?limit=100', olivia);
    const inSeries = list
      .json()
      .data.filter((b: { seriesId?: string }) => b.seriesId === series.id);
    expect(inSeries.length).toBe(series.occurrences.length);
  });
});
