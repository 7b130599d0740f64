import { conflict, type AppError } from './app-error.ts';

/**
 * Whether a shared record (a coupon, a package) was saved since an admin's screen read it:
 * `seen` is the `updatedAt` that screen sent back (none: the caller takes the last-write-wins
 * risk), `stored` the row's `updated_at` now. Compared as instants, whatever their spelling.
 */
export function changedSince(stored: string, seen: string | undefined): boolean {
  return seen !== undefined && Date.parse(seen) !== Date.parse(stored);
}

/** The 409 of an edit made on a screen another admin's save has overtaken. */
export function changedMeanwhile(what: 'coupon' | 'package'): AppError {
  return conflict(
    `This ${what} was changed by another admin since you opened it; reload it and make your change again`,
  );
}
