/** The keys of `after` whose values differ from `before`'s: what an edit's audit entry names. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value))
    .map(([key]) => key);
}
