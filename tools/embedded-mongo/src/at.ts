/**
 * `list[index]` for an index the caller has bounded (a loop to `length`, a binary search between
 * 0 and `length`): the element, never `undefined`. A miss is a bug in the caller, so it throws
 * instead of letting `undefined` flow into a comparison.
 */
export function at<T>(list: ArrayLike<T>, index: number): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${list.length - 1}`);
  return item;
}
