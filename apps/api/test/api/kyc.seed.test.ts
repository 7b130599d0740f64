import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const sessionOf = (email: string) => demoSession(t.app, email);

describe('demo KYC records', () => {
  it('has records in every status, with documents the admin can open', async () => {
    const admin = await sessionOf('admin@pawsy.test');
    const list = async (status: string) =>
      (
        await t.call({ method: 'GET', url: `/api/kyc?status=${status}`, token: admin.token })
      ).json();
    const pending = await list('PENDING');
    const rejected = await list('Rejected');
    const verified = await list('Verified');
    expect(pending.data.map((r: { userId: { email: string } }) => r.userId.email)).toEqual([
      'priya@pawsy.test',
    ]);
    expect(rejected.data[0]).toMatchObject({
      userId: { email: 'ethan@pawsy.test' },
      rejectionReason: expect.stringContaining('blurry'),
    });
    expect(rejected.data[0].conversation.length).toBeGreaterThan(0);
    expect(verified.total).toBeGreaterThanOrEqual(9);
    expect(
      verified.data.every((r: { userId: { KYC_verified: boolean } }) => r.userId.KYC_verified),
    ).toBe(true);

    for (const doc of [...pending.data[0].documents, ...rejected.data[0].documents]) {
      const res = await t.call({ method: 'GET', url: doc.url, token: admin.token });
      expect(res.statusCode, doc.url).toBe(200);
      if (doc.mime === 'application/pdf')
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('shows priya her pending record on her dashboard', async () => {
    const priya = await sessionOf('priya@pawsy.test');
    const dash = await t.call({
      method: 'GET',
      url: `/api/user/dashboard/${priya.id}`,
      token: priya.token,
    });
    expect(dash.json().data.kycStatus).toBe('PENDING');
  });
});
