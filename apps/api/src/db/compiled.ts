import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { DbOrTrx } from './index.ts';
import { readRows } from './direct-reads.ts';

/*
 * Queries on the hot path compiled once per shape and filled with each call's values, instead of
 * building and compiling the same Kysely query tree on every request.
 */

/**
 * Stands for argument `index` of a compiled query while compiling: item `item` of it for a list,
 * the value of key `item` for a row (a plain object, as an insert's `values`).
 */
class Slot {
  constructor(
    readonly index: number,
    readonly item?: number | string,
  ) {}
}

const isRow = (a: unknown): a is Record<string, unknown> =>
  typeof a === 'object' && a !== null && Object.getPrototypeOf(a) === Object.prototype;
/** A row's keys whose values are given (an undefined value leaves its column out, as in Kysely). */
const keysOf = (row: Record<string, unknown>) =>
  Object.keys(row).filter((k) => row[k] !== undefined);

/**
 * `build`'s query for these arguments: its compiled form for their shape (made once per SQL
 * dialect and shape, with a Slot in each argument's place) with the arguments filled in. Null when
 * the handle has Kysely plugins, which see (and may change) each query as it is built: the caller
 * then builds every time.
 */
function fill<A extends unknown[], R>(
  compiled: WeakMap<object, Map<string, CompiledQuery<R>>>,
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
  db: DbOrTrx,
  args: A,
  shape: string,
): CompiledQuery<R> | null {
  const executor = db.getExecutor();
  if (executor.plugins.length > 0) return null;
  const adapter = executor.adapter;
  let shapes = compiled.get(adapter);
  if (!shapes) compiled.set(adapter, (shapes = new Map()));
  let template = shapes.get(shape);
  if (!template) {
    const slots = args.map((a, i) =>
      Array.isArray(a)
        ? a.map((_, j) => new Slot(i, j))
        : isRow(a)
          ? Object.fromEntries(keysOf(a).map((k) => [k, new Slot(i, k)]))
          : a === undefined
            ? a
            : new Slot(i),
    ) as A;
    template = build(db, ...slots).compile();
    shapes.set(shape, template);
  }
  const { sql, query, parameters } = template;
  const filled = parameters.map((p) =>
    p instanceof Slot
      ? p.item === undefined
        ? args[p.index]
        : (args[p.index] as Record<number | string, unknown>)[p.item]
      : p,
  );
  return { sql, query, parameters: filled, queryId: createQueryId() };
}

/**
 * What the SQL text depends on: which arguments are lists (and how long), which are rows (and
 * which of their columns are given) and which are undefined.
 */
const shapeOf = (args: readonly unknown[]) =>
  args
    .map((a) =>
      Array.isArray(a)
        ? a.length
        : isRow(a)
          ? `{${keysOf(a).join(',')}}`
          : a === undefined
            ? 'u'
            : '',
    )
    .join(';');

/**
 * A read on the hot path whose SQL text depends on nothing but the lengths of its list arguments
 * and which arguments are undefined: `build` runs and is compiled once per SQL dialect and such
 * shape, with a marker in each given argument's (or list item's) place, and each call fills its
 * arguments into that compiled query and runs it through readRows, instead of building and
 * compiling the same query tree again. An undefined argument reaches `build` as undefined, so an
 * optional filter may be left out. `build` must use each argument as one bound value, or a list
 * argument as the values of an `in (…)`, never as an identifier, and branch only on whether an
 * argument is undefined; any other parameter is a constant. A database handle with Kysely plugins
 * (the query-plan test's capture) builds every time.
 */
export function compiledRead<A extends unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
): (db: DbOrTrx, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();
  return (db, ...args) => {
    const run = fill(compiled, build, db, args, shapeOf(args));
    return readRows(db, run ? { compile: () => run } : build(db, ...args));
  };
}

/**
 * A write on the hot path, compiled once per shape as compiledRead's reads are (the same rules
 * for `build`), run through Kysely's executor (in the caller's transaction, if any). A row
 * argument (a plain object) may be an insert's `values`: it is compiled once per set of columns
 * given, each value a bound parameter, so its values must be plain values, not SQL expressions.
 */
export function compiledWrite<A extends unknown[]>(
  build: (db: DbOrTrx, ...args: A) => Compilable<unknown>,
): (db: DbOrTrx, ...args: A) => Promise<QueryResult<unknown>> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();
  return (db, ...args) =>
    db.executeQuery(fill(compiled, build, db, args, shapeOf(args)) ?? build(db, ...args));
}
