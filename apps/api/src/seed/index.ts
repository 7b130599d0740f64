import type { FastifyInstance } from 'fastify';
import { usersSeeder } from './users.seed.ts';
import { petsSeeder } from './pets.seed.ts';
import { bookingsSeeder } from './bookings.seed.ts';
import { availabilitySeeder } from './availability.seed.ts';
import { kycSeeder } from './kyc.seed.ts';
import { disputesSeeder } from './disputes.seed.ts';
import { messagesSeeder } from './messages.seed.ts';
import { couponsPackagesSeeder } from './coupons-packages.seed.ts';
import { dashboardHistorySeeder } from './dashboard-history.seed.ts';
import { billingSeeder } from './billing.seed.ts';
import { bookingSeriesSeeder } from './booking-series.seed.ts';
import { hasNonAdminUser } from '../modules/users/index.ts';

export type DemoLogin = { role: string; email: string; password: string; note?: string };
export type Seeder = {
  name: string;
  run: (app: FastifyInstance, ctx: SeedContext) => Promise<void>;
};
export type SeedContext = { logins: DemoLogin[]; users: Record<string, string> };

/**
 * Demo-data seeders in order; each area appends its own. They run only on an empty database,
 * so a restart never duplicates or overwrites anything.
 */
export const seeders: Seeder[] = [
  usersSeeder,
  petsSeeder,
  bookingsSeeder,
  availabilitySeeder,
  kycSeeder,
  disputesSeeder,
  messagesSeeder,
  couponsPackagesSeeder,
  billingSeeder,
  dashboardHistorySeeder,
  bookingSeriesSeeder,
];

export async function seedDemoData(app: FastifyInstance): Promise<DemoLogin[] | null> {
  // Admins ensured at start-up (ADMIN_EMAIL) do not make the database "non-empty".
  if (await hasNonAdminUser(app.db)) return null;
  const ctx: SeedContext = { logins: [], users: {} };
  for (const seeder of seeders) {
    await seeder.run(app, ctx);
    app.log.debug(`seeded ${seeder.name}`);
  }
  return ctx.logins;
}
