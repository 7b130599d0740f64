/**
 * The fields of `after` that differ from `before` (compared as JSON: lists and objects by
 * content). An edit form sends only these: a field the admin did not touch is not written back
 * with the value the form read, which would undo another admin's change made meanwhile (or
 * widen a coupon's validity time to the form's whole day).
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = after[key];
  }
  return changed;
}
