/**
 * Bench tool: fills the app's database (DATABASE_URL / DATA_DIR decide SQLite file or PostgreSQL,
 * as for the server) with a realistic marketplace of the given size, after migrating it.
 *   npm run seed:scale -- --users 100000 --bookings 1000000 --messages 1000000
 * Refuses a database that already has users. Writes with its own bulk SQL (bench/scale/writer.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDb, migrateToLatest } from '../../apps/api/src/db/index.ts';
import { populate, type Sizes } from './population.ts';

export function sizesFromArgs(args: string[]): Sizes {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string', default: '100000' },
      bookings: { type: 'string', default: '1000000' },
      messages: { type: 'string', default: '1000000' },
    },
  });
  const sizes = {
    users: Number(values.users),
    bookings: Number(values.bookings),
    messages: Number(values.messages),
  };
  for (const [k, v] of Object.entries(sizes))
    if (!Number.isInteger(v) || v < (k === 'users' ? 100 : 0))
      throw new Error(`--${k} must be a whole number${k === 'users' ? ' of at least 100' : ''}`);
  return sizes;
}

async function main() {
  const sizes = sizesFromArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const db = createDb(config.database);
  const postgres = config.database.kind === 'postgres';
  try {
    await migrateToLatest(db);
    const existing = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0)
      throw new Error(
        'the database already has users: point DATABASE_URL/DATA_DIR at an empty one',
      );
    console.log(
      `seeding ${postgres ? 'PostgreSQL' : `SQLite ${config.database.kind === 'sqlite' ? config.database.file : ''}`}: ` +
        JSON.stringify(sizes),
    );
    const report = await populate(db, postgres, sizes);
    const total = [...report.rows.values()].reduce((a, b) => a + b, 0);
    for (const [table, n] of report.rows) console.log(`  ${table}: ${n.toLocaleString('en')}`);
    console.log(
      `${total.toLocaleString('en')} rows in ${report.seconds.toFixed(1)} s ` +
        `(${Math.round(total / report.seconds).toLocaleString('en')} rows/s)`,
    );
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
