import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { insertCoupon } from '../modules/coupons/index.ts';
import { insertPackage } from '../modules/packages/index.ts';
import type { Seeder } from './index.ts';

const DAY = 24 * 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

type DemoPackage = [
  name: string,
  description: string,
  price: number,
  interval: 'month' | 'year',
  credits: number,
  active: boolean,
];

/** Credits are cents on the ledger, like prices: each package gives a bit more than it costs. */
const PACKAGES: DemoPackage[] = [
  ['Starter', 'A walk or two a month.', 900, 'month', 1000, true],
  ['Monthly Care', 'Regular walks and drop-in visits.', 1900, 'month', 2500, true],
  ['Yearly Care', 'A year of care, two months free.', 19000, 'year', 30000, true],
  ['Summer 2025', 'Last summer’s offer, no longer sold.', 1200, 'month', 1500, false],
];

type DemoCoupon = {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  from?: number;
  to?: number;
  max?: number;
  used?: number;
  active?: boolean;
};

/** One of each state an admin meets on /coupons: valid, expired, used up, inactive, scheduled. */
const COUPONS: DemoCoupon[] = [
  {
    code: 'WELCOME20',
    kind: 'percent',
    value: 20,
    from: -30 * DAY,
    to: 180 * DAY,
    max: 500,
    used: 12,
  },
  { code: 'FIVEOFF', kind: 'amount', value: 500, max: 100, used: 4 },
  {
    code: 'SUMMER25',
    kind: 'percent',
    value: 25,
    from: -120 * DAY,
    to: -30 * DAY,
    max: 200,
    used: 57,
  },
  { code: 'LAUNCH50', kind: 'percent', value: 50, from: -60 * DAY, max: 10, used: 10 },
  { code: 'PAUSED10', kind: 'percent', value: 10, active: false },
  { code: 'NEWYEAR15', kind: 'percent', value: 15, from: 30 * DAY, to: 60 * DAY },
];

export const couponsPackagesSeeder: Seeder = {
  name: 'coupons-packages',
  async run(app: FastifyInstance) {
    const created = at(-45 * DAY);
    for (const [name, description, price, interval, credits, active] of PACKAGES) {
      await insertPackage(app.db, {
        id: newId(),
        name,
        description,
        price_cents: price,
        currency: 'usd',
        interval,
        credits_included: credits,
        active: active ? 1 : 0,
        stripe_price_id: null,
        created_at: created,
        updated_at: created,
      });
    }
    for (const [i, c] of COUPONS.entries()) {
      // Spread over the last weeks so the list's "newest first" order is visible.
      const createdAt = at(-(COUPONS.length - i) * 3 * DAY);
      await insertCoupon(app.db, {
        id: newId(),
        code: c.code,
        code_lower: c.code.toLowerCase(),
        kind: c.kind,
        value: c.value,
        valid_from: c.from === undefined ? null : at(c.from),
        valid_to: c.to === undefined ? null : at(c.to),
        max_redemptions: c.max ?? null,
        redemptions: c.used ?? 0,
        active: c.active === false ? 0 : 1,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
  },
};
