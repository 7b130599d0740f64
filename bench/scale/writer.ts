/**
 * Bench tool: a bulk row writer with its own SQL, for the scale seeder only (never used by the
 * app). Rows go in as multi-row INSERTs of up to ~30,000 bound values each, many statements per
 * transaction; triggers, constraints and indexes stay on, so what the app keeps by trigger
 * (provider_stats, provider_offer_counts) is right afterwards.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema.ts';

type Value = string | number | null;
const MAX_VALUES = 30_000;
const ROWS_PER_TX = 50_000;

export class BulkWriter {
  readonly counts = new Map<string, number>();
  private trx: Transaction<Database> | null = null;
  private finishTx: (() => void) | null = null;
  private txDone: Promise<unknown> | null = null;
  private inTx = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly postgres: boolean,
  ) {}

  /** Writes `rows` (each an array in `columns` order) into `table`. */
  async insert(table: string, columns: readonly string[], rows: readonly Value[][]): Promise<void> {
    const per = Math.max(1, Math.min(1000, Math.floor(MAX_VALUES / columns.length)));
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      await this.run(statement(table, columns, chunk.length, this.postgres), chunk.flat());
      this.inTx += chunk.length;
      if (this.inTx >= ROWS_PER_TX) await this.commit();
    }
    this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
  }

  /** Runs one statement inside the current bulk transaction. */
  async run(text: string, parameters: readonly Value[] = []): Promise<void> {
    const trx = await this.open();
    await trx.executeQuery(CompiledQuery.raw(text, [...parameters]));
  }

  async commit(): Promise<void> {
    if (!this.trx) return;
    this.finishTx!();
    await this.txDone;
    this.trx = null;
    this.inTx = 0;
  }

  private async open(): Promise<Transaction<Database>> {
    if (this.trx) return this.trx;
    let ready!: (trx: Transaction<Database>) => void;
    const got = new Promise<Transaction<Database>>((r) => (ready = r));
    const finished = new Promise<void>((r) => (this.finishTx = r));
    this.txDone = this.db.transaction().execute(async (trx) => {
      ready(trx);
      await finished;
    });
    this.trx = await got;
    return this.trx;
  }
}

const statements = new Map<string, string>();

function statement(table: string, columns: readonly string[], rows: number, pg: boolean): string {
  const key = `${table}:${columns.join(',')}:${rows}:${pg}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const tuples = Array.from(
      { length: rows },
      () => `(${columns.map(() => (pg ? `$${++n}` : '?')).join(',')})`,
    );
    text = `insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`;
    statements.set(key, text);
  }
  return text;
}
