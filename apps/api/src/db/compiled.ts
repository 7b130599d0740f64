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

/** The compiled form of one shape, and a function that fills a call's arguments into it. */
type Template<R> = {
  shape: readonly Shape[];
  compiled: CompiledQuery<R>;
  fill: (args: readonly unknown[]) => unknown[];
};
/** Per argument: a list's length, a row's given keys (in order), 'u' for undefined, '' else. */
type Shape = number | readonly string[] | 'u' | '';
/** One compiled query's templates for one SQL dialect: by shape key, and the one used last. */
type Templates<R> = { byKey: Map<string, Template<R>>; last: Template<R> | null };

/**
 * A template's parameter list for a call's arguments, as a function generated once from the
 * compiled parameters: each one is a constant of the template or a fixed path into the arguments
 * (`a[0]["owner_id"]`), so every call reads the same properties in the same order instead of
 * looking each one up by a name held in a marker.
 */
function parameterFiller(parameters: readonly unknown[]): (args: readonly unknown[]) => unknown[] {
  const constants: unknown[] = [];
  const items = parameters.map((p) => {
    if (!(p instanceof Slot)) return `c[${constants.push(p) - 1}]`;
    return p.item === undefined ? `a[${p.index}]` : `a[${p.index}][${JSON.stringify(p.item)}]`;
  });
  const make = new Function('c', 'a', `return [${items.join(', ')}];`) as (
    c: unknown[],
    a: readonly unknown[],
  ) => unknown[];
  return (args) => make(constants, args);
}

/**
 * `build`'s query for these arguments: its compiled form for their shape (made once per SQL
 * dialect and shape, with a Slot in each argument's place) with the arguments filled in. Null when
 * the handle has Kysely plugins, which see (and may change) each query as it is built: the caller
 * then builds every time. A call site nearly always has one shape, so the template used last is
 * tried first, without making the shape's key.
 */
function fill<A extends unknown[], R>(
  compiled: WeakMap<object, Templates<R>>,
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
  db: DbOrTrx,
  args: A,
): CompiledQuery<R> | null {
  const executor = db.getExecutor();
  if (executor.plugins.length > 0) return null;
  const adapter = executor.adapter;
  let templates = compiled.get(adapter);
  if (!templates) compiled.set(adapter, (templates = { byKey: new Map(), last: null }));
  let template = templates.last;
  if (!template || !matches(template.shape, args)) {
    const shape = shapeOf(args);
    const key = shapeKey(shape);
    template = templates.byKey.get(key) ?? null;
    if (!template) {
      // A Slot in each argument's place, read off the shape just made.
      const slots = shape.map((s, i) =>
        typeof s === 'number'
          ? Array.from({ length: s }, (_, j) => new Slot(i, j))
          : typeof s === 'object'
            ? Object.fromEntries(s.map((k) => [k, new Slot(i, k)]))
            : s === 'u'
              ? undefined
              : new Slot(i),
      ) as A;
      const query = build(db, ...slots).compile();
      template = { shape, compiled: query, fill: parameterFiller(query.parameters) };
      templates.byKey.set(key, template);
    }
    templates.last = template;
  }
  const { sql, query } = template.compiled;
  return { sql, query, parameters: template.fill(args), queryId: createQueryId() };
}

/**
 * What the SQL text depends on: which arguments are lists (and how long), which are rows (and
 * which of their columns are given) and which are undefined.
 */
const shapeOf = (args: readonly unknown[]): Shape[] =>
  args.map((a) =>
    Array.isArray(a) ? a.length : isRow(a) ? keysOf(a) : a === undefined ? 'u' : '',
  );

const shapeKey = (shape: readonly Shape[]) =>
  shape.map((s) => (typeof s === 'object' ? `{${s.join(',')}}` : s)).join(';');

/** Whether `args` have `shape` (what shapeOf would make of them), without making it. */
function matches(shape: readonly Shape[], args: readonly unknown[]): boolean {
  if (shape.length !== args.length) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const s = shape[i];
    if (Array.isArray(a)) {
      if (s !== a.length) return false;
    } else if (isRow(a)) {
      if (typeof s !== 'object' || !givenKeysAre(a, s)) return false;
    } else if (s !== (a === undefined ? 'u' : '')) return false;
  }
  return true;
}

/** Whether the keys of `row` whose values are given are `keys`, in that order. */
function givenKeysAre(row: Record<string, unknown>, keys: readonly string[]): boolean {
  let n = 0;
  for (const k in row) {
    if (row[k] === undefined) continue;
    if (keys[n] !== k) return false;
    n += 1;
  }
  return n === keys.length;
}

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
  const compiled = new WeakMap<object, Templates<R>>();
  return (db, ...args) => {
    const run = fill(compiled, build, db, args);
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
  const compiled = new WeakMap<object, Templates<unknown>>();
  return (db, ...args) => db.executeQuery(fill(compiled, build, db, args) ?? build(db, ...args));
}
