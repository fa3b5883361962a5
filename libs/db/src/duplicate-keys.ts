/** MongoDB's error code for a write that would break a unique index. */
export const DUPLICATE_KEY = 11000;

/** Whether a write failed on a unique index (E11000): the value it wrote is there already. */
export function isDuplicateKeyError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === DUPLICATE_KEY
  );
}

/**
 * Whether a bulk write (`insertMany` with `ordered: false`) failed only on keys that were there
 * already: every other row was written, so a retried writer may go on as if it wrote them all.
 */
export function onlyDuplicateKeys(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { writeErrors } = error as { writeErrors?: unknown };
  const list: unknown[] = Array.isArray(writeErrors)
    ? writeErrors
    : writeErrors
      ? [writeErrors]
      : [];
  if (list.length === 0) return isDuplicateKeyError(error);
  return list.every(
    (e) => isDuplicateKeyError(e) || isDuplicateKeyError((e as { err?: unknown }).err),
  );
}
