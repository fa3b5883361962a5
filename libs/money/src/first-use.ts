/**
 * `make()`'s value, made on the first call and kept. For what a module would otherwise build as it
 * loads and most of its importers never use: a formatter with a time zone costs a phone 10–50 ms
 * to build (4× CPU), in the start-up of every page that bundles the module.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
