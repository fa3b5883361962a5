import { at } from '../at';
import { compareValues } from '../values';

/** One full (compound) key of the index and the documents holding it. */
export interface FullEntry {
  /** The key's values, one per index field (null for a missing field). */
  t: unknown[];
  keys: Set<string>;
}

/**
 * An index's full keys in index order (each field ascending or descending as the key pattern
 * says), built on the first index-ordered walk (a sort the index provides) and then kept up to
 * date by the index's writes.
 */
export class OrderedKeys {
  private ordered: FullEntry[] | null = null;
  /** How many times the ordered array was built from scratch (a statistic). */
  builds = 0;

  /**
   * @param dirs per field: 1 or -1 from the key pattern.
   * @param entries the index's full keys, read when the array is built.
   */
  constructor(
    private readonly dirs: readonly number[],
    private readonly entries: () => Iterable<FullEntry>,
  ) {}

  /** Compares two full keys in index order (the key pattern's direction per field). */
  compare(a: unknown[], b: unknown[], fields = a.length): number {
    for (let i = 0; i < fields; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * at(this.dirs, i);
    }
    return 0;
  }

  /** A new full key, put in its place (nothing to do before the array is built). */
  insert(fe: FullEntry): void {
    if (this.ordered) this.ordered.splice(this.upperBound(this.ordered, fe.t), 0, fe);
  }

  /** A full key no document holds any more, taken out (found by binary search). */
  remove(fe: FullEntry): void {
    const arr = this.ordered;
    if (!arr) return;
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(at(arr, mid).t, fe.t) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < arr.length && this.compare(at(arr, i).t, fe.t) === 0; i++) {
      if (arr[i] === fe) {
        arr.splice(i, 1);
        return;
      }
    }
    const i = arr.indexOf(fe);
    if (i >= 0) arr.splice(i, 1);
  }

  /** Forgets the array (the index was emptied); the next walk builds it again. */
  reset(): void {
    this.ordered = null;
  }

  /**
   * The full keys whose first fields equal `prefix`, in index order (or in reverse), as one
   * synchronous walk. The caller must not write to the collection while iterating.
   */
  *walk(prefix: unknown[], backward: boolean): Generator<FullEntry> {
    const arr = this.get();
    const lo = prefix.length ? this.boundPrefix(arr, prefix, false) : 0;
    const hi = prefix.length ? this.boundPrefix(arr, prefix, true) : arr.length;
    if (backward) for (let i = hi - 1; i >= lo; i--) yield at(arr, i);
    else for (let i = lo; i < hi; i++) yield at(arr, i);
  }

  /** How many documents (with multikey repeats) hold keys starting with `prefix`, without collecting them. */
  countPrefix(prefix: unknown[]): number {
    const arr = this.get();
    const lo = prefix.length ? this.boundPrefix(arr, prefix, false) : 0;
    const hi = prefix.length ? this.boundPrefix(arr, prefix, true) : arr.length;
    let n = 0;
    for (let i = lo; i < hi; i++) n += at(arr, i).keys.size;
    return n;
  }

  private get(): FullEntry[] {
    if (!this.ordered) {
      this.ordered = [...this.entries()].sort((a, b) => this.compare(a.t, b.t));
      this.builds++;
    }
    return this.ordered;
  }

  private upperBound(arr: FullEntry[], t: unknown[]): number {
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(at(arr, mid).t, t) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose first `prefix.length` fields are ≥ (or >, when `after`) `prefix`. */
  private boundPrefix(arr: FullEntry[], prefix: unknown[], after: boolean): number {
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.compare(at(arr, mid).t, prefix, prefix.length);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
