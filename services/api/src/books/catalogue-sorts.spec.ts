import { BookSchema } from '@mechabrim/db';
import { CATALOGUE_SORTS } from './books.service';

type Keys = Record<string, 1 | -1>;

/** MongoDB's rule: an index serves a sort when, after its equality prefix, it holds exactly the
 * sort's keys in order with every direction the same, or every one reversed. */
function serves(index: Keys, sort: Keys, equalityPrefix: string[]): boolean {
  const fields = Object.entries(index);
  if (equalityPrefix.some((field, i) => fields[i]?.[0] !== field)) return false;
  const rest = fields.slice(equalityPrefix.length);
  const wanted = Object.entries(sort);
  if (rest.length !== wanted.length) return false;
  const same = rest.every(([f, d], i) => wanted[i]?.[0] === f && wanted[i]?.[1] === d);
  const reversed = rest.every(([f, d], i) => wanted[i]?.[0] === f && wanted[i]?.[1] === -d);
  return same || reversed;
}

describe('catalogue sorts', () => {
  const indexes = BookSchema.indexes().map(([keys]) => keys as Keys);

  it.each(Object.entries(CATALOGUE_SORTS))(
    "'%s' is read from an index of the books in order, ending on _id",
    (_name, sort) => {
      expect(Object.keys(sort).at(-1)).toBe('_id');
      expect(indexes.some((index) => serves(index, sort as Keys, ['isAvailable']))).toBe(true);
    },
  );

  it('serves the best sellers of one category from an index too', () => {
    expect(
      indexes.some((index) =>
        serves(index, CATALOGUE_SORTS.sales as Keys, ['isAvailable', 'category']),
      ),
    ).toBe(true);
  });
});
