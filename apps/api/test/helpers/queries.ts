import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';

/** The SQL `fn` sends through `db` (compiled as the engine runs it), for counting and EXPLAIN. */
export async function captureQueries<DB>(
  db: Kysely<DB>,
  fn: (db: Kysely<DB>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const exec = db.getExecutor();
  const queries: CompiledQuery[] = [];
  const spy: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(exec.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await fn(db.withPlugin(spy));
  return queries;
}

/**
 * The SQL the app sends while `fn` runs (a request through app.inject, say): app.db is swapped
 * for a capturing handle meanwhile, then put back.
 */
export async function captureAppQueries<DB>(
  app: { db: Kysely<DB> },
  fn: () => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const original = app.db;
  try {
    return await captureQueries(original, async (db) => {
      (app as { db: Kysely<DB> }).db = db;
      await fn();
    });
  } finally {
    (app as { db: Kysely<DB> }).db = original;
  }
}
