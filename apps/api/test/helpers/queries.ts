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
