/**
 * The value a journey needs from the demo data, or a failure that says what was missing —
 * clearer than a TypeError three steps later.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`the demo data has no ${what}`);
  return value;
}
