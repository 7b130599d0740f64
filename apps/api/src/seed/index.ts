import type { FastifyInstance } from 'fastify';

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
export const seeders: Seeder[] = [];

export async function seedDemoData(app: FastifyInstance): Promise<DemoLogin[] | null> {
  const existing = await app.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const ctx: SeedContext = { logins: [], users: {} };
  for (const seeder of seeders) {
    await seeder.run(app, ctx);
    app.log.debug(`seeded ${seeder.name}`);
  }
  return ctx.logins;
}
