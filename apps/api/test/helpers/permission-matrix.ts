import { describe, expect, it } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

export type Actor =
  'anonymous' | 'owner' | 'another owner' | 'provider' | 'another provider' | 'admin';
export type MatrixRow<F> = {
  method: string;
  /** A path, or one built from the fixtures (ids of records that belong to `owner`, …). */
  path: string | ((fixtures: F) => string);
  as: Actor;
  expect: number;
  payload?: unknown | ((fixtures: F) => unknown);
  note?: string;
};
export type Actors = Record<Exclude<Actor, 'anonymous'>, TestUser>;

/**
 * One table of (method, path, who, expected status). Each area appends rows for its routes; the
 * table runs on every engine the API suite runs on. `getContext` is read lazily, inside each test.
 */
export function runPermissionMatrix<F>(
  title: string,
  getContext: () => { t: TestApp; actors: Actors; fixtures: F },
  rows: MatrixRow<F>[],
): void {
  describe(title, () => {
    for (const row of rows) {
      const label = `${row.method} ${typeof row.path === 'string' ? row.path : row.path.toString().replace(/^.*=>\s*/, '')} as ${row.as} → ${row.expect}${row.note ? ` (${row.note})` : ''}`;
      it(label, async () => {
        const { t, actors, fixtures } = getContext();
        const url = typeof row.path === 'function' ? row.path(fixtures) : row.path;
        const payload =
          typeof row.payload === 'function'
            ? (row.payload as (f: F) => unknown)(fixtures)
            : row.payload;
        const token = row.as === 'anonymous' ? undefined : actors[row.as].token;
        const res = await t.call({
          method: row.method,
          url,
          token,
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });
        expect(res.statusCode, res.body).toBe(row.expect);
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      });
    }
  });
}
