import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { insertPayment, insertSubscription } from '../modules/billing/index.ts';
import { insertCreditEntry } from '../modules/credits/index.ts';
import { listActivePackages } from '../modules/packages/index.ts';
import { PEOPLE } from './users.seed-data.ts';
import type { Seeder } from './index.ts';

const DAY = 24 * 3600_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/**
 * The demo's paid members (users.seed-data `paid: true`) get the subscription that makes them
 * paid: started some days ago through the sandbox, with its paid payment (the dashboard's
 * revenue) and the package's credits in the ledger, as a real checkout leaves them (the
 * dashboard's "credits granted" counts them); the last one is set to end at the close of its
 * period.
 */
export const billingSeeder: Seeder = {
  name: 'billing',
  async run(app: FastifyInstance, ctx) {
    const packages = await listActivePackages(app);
    const monthly = packages.find((p) => p.interval === 'month') ?? packages[0];
    if (!monthly) return;
    const paid = PEOPLE.filter((p) => p.paid && ctx.users[p.key]);
    for (const [i, person] of paid.entries()) {
      const userId = ctx.users[person.key]!;
      const startedDaysAgo = 3 + i * 6;
      const subscriptionId = newId();
      await insertSubscription(app.db, {
        id: subscriptionId,
        user_id: userId,
        package_id: monthly._id,
        status: 'active',
        current_period_end: iso(30 - startedDaysAgo),
        cancel_at_period_end: i === paid.length - 1 ? 1 : 0,
        gateway: 'sandbox',
        gateway_ref: null,
        credits_sold: monthly.creditsIncluded,
        created_at: iso(-startedDaysAgo),
        updated_at: iso(-startedDaysAgo),
      });
      await insertPayment(app.db, {
        id: newId(),
        user_id: userId,
        kind: 'subscription',
        reference_id: subscriptionId,
        amount_cents: monthly.priceCents,
        currency: monthly.currency,
        status: 'paid',
        gateway: 'sandbox',
        gateway_ref: null,
        coupon_id: null,
        discount_cents: 0,
        refunded_cents: 0,
        created_at: iso(-startedDaysAgo),
        paid_at: iso(-startedDaysAgo),
        updated_at: iso(-startedDaysAgo),
      });
      if (monthly.creditsIncluded > 0)
        await insertCreditEntry(app.db, {
          id: newId(),
          user_id: userId,
          amount: monthly.creditsIncluded,
          reason: `Credits included in ${monthly.name}`,
          booking_id: null,
          created_at: iso(-startedDaysAgo),
        });
    }
  },
};
