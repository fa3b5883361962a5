import { strings } from './strings.he';

describe("the shell's copy (issue 27)", () => {
  it('counts the cart in books, not items', () => {
    expect(strings.header.cartWithCount(1)).toBe('סל הקניות, ספר אחד');
    expect(strings.header.cartWithCount(3)).toBe('סל הקניות, 3 ספרים');
  });

  it("labels a retry 'לנסות שוב'", () => {
    expect(strings.remoteUnavailable.retry).toBe('לנסות שוב');
  });
});
