import { MONEY_SPLIT, MONEY_SPLIT_PARTS } from './constants';
import { strings } from './strings.he';

describe('money split', () => {
  it('splits the whole price, and the copy follows the constants', () => {
    expect(MONEY_SPLIT_PARTS.reduce((sum, part) => sum + MONEY_SPLIT[part], 0)).toBe(100);
    expect(strings.home.splitText).toContain(`${MONEY_SPLIT.author} ₪ לסופר`);
    expect(strings.book.donationLine).toContain(`${MONEY_SPLIT.community}%`);
  });
});
