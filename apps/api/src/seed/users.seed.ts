import { normalizeRates } from '@pawsy/contract';
import type { UsersTable } from '../db/schema.ts';
import { DEMO_ADMIN_PASSWORD } from '../config-network.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Seeder } from './index.ts';
import { PEOPLE, type Person } from './users.seed-data.ts';
import { rebuildProviderLocationIndex } from '../modules/sitters/index.ts';
import { findUserIdByEmail, insertUsers } from '../modules/users/index.ts';
import { newUserRow } from '../lib/user-row.ts';

export const DEMO_ADMIN = { email: 'admin@pawsy.test', password: DEMO_ADMIN_PASSWORD } as const;
export const DEMO_PASSWORD = 'PawsyDemo!2026';

function userRow(p: Person, passwordHash: string, index: number): UsersTable {
  // Stagger creation times so "newest first" lists have a stable, believable order.
  const created = new Date(Date.now() - (PEOPLE.length - index) * 3 * 86_400_000).toISOString();
  return newUserRow({
    email: `${p.key}@pawsy.test`,
    password_hash: passwordHash,
    first_name: p.firstName,
    last_name: p.lastName,
    phone: `+1 555 01${String(10 + index).padStart(2, '0')}`,
    user_type: p.type,
    primary_services: JSON.stringify(Object.keys(normalizeRates(p.services ?? {}))),
    email_verified: 1,
    is_verified: p.kyc ? 1 : 0,
    kyc_verified: p.kyc ? 1 : 0,
    is_paid: p.paid ? 1 : 0,
    bio: p.bio,
    headline: p.headline ?? null,
    address: p.street,
    city: p.city.city,
    state: p.city.state,
    zip: p.city.zip,
    country: 'United States',
    preferred_location: `${p.city.city}, ${p.city.state}`,
    pet_prefrences: JSON.stringify(p.pets ?? []),
    service_rates: JSON.stringify(normalizeRates(p.services ?? {})),
    latitude: Number((p.city.lat + p.offset[0]).toFixed(5)),
    longitude: Number((p.city.lng + p.offset[1]).toFixed(5)),
    created_at: created,
    updated_at: created,
  });
}

/** The demo accounts: an admin, three owners and eight sitters in Austin, Denver, Portland, Seattle. */
export const usersSeeder: Seeder = {
  name: 'users',
  run: async (app, ctx) => {
    const configuredAdmin = app.config.admin;
    const [demoHash, adminHash] = await Promise.all([
      hashPassword(DEMO_PASSWORD),
      configuredAdmin ? null : hashPassword(DEMO_ADMIN.password),
    ]);

    if (configuredAdmin) {
      // ADMIN_EMAIL/ADMIN_PASSWORD win: that admin exists already (start-up hook), no demo admin.
      const adminId = await findUserIdByEmail(app.db, configuredAdmin.email);
      if (adminId) {
        ctx.users.admin = adminId;
        ctx.logins.push({
          role: 'admin',
          email: configuredAdmin.email,
          password: '(the ADMIN_PASSWORD value)',
        });
      }
    } else if (adminHash) {
      const taken = await findUserIdByEmail(app.db, DEMO_ADMIN.email);
      if (taken) ctx.users.admin = taken;
    }
    if (!ctx.users.admin && adminHash) {
      const admin = newUserRow({
        email: DEMO_ADMIN.email,
        password_hash: adminHash,
        first_name: 'Alex',
        last_name: 'Admin',
        phone: '+1 555 0100',
        user_type: 'admin',
        email_verified: 1,
        is_verified: 1,
        kyc_verified: 1,
      });
      await insertUsers(app.db, [admin]);
      ctx.users.admin = admin.id;
      ctx.logins.push({ role: 'admin', ...DEMO_ADMIN });
    }

    const rows = PEOPLE.map((p, i) => userRow(p, demoHash, i));
    await insertUsers(app.db, rows);
    // Sitters' coordinates feed the nearby search through its spatial index.
    await rebuildProviderLocationIndex(app.db);
    PEOPLE.forEach((p, i) => {
      ctx.users[p.key] = rows[i]!.id;
      ctx.logins.push({
        role: p.type === 'provider' ? 'sitter' : 'owner',
        email: rows[i]!.email,
        password: DEMO_PASSWORD,
        note: `${p.city.city}${p.kyc ? '' : ', KYC not verified'}`,
      });
    });
  },
};
