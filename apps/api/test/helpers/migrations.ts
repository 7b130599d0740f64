import { Migrator, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { migrations } from '../../src/db/migrations/index.ts';

/**
 * Takes a test app's database back to just after migration `name` (its later ones undone), so a
 * test can write rows as the code before them did and then run migrateToLatest over them.
 */
export async function migrateBackTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
