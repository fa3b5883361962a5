import { median } from './interaction';

describe('median', () => {
  it('takes the middle of an odd count and the upper middle of an even one', () => {
    expect(median([250, 40, 110, 90, 600])).toBe(110);
    expect(median([30, 10, 20, 40])).toBe(30);
  });

  it('leaves out the runs whose outcome never showed (NaN), and is NaN when none did', () => {
    expect(median([NaN, 80, NaN, 60, 70])).toBe(70);
    expect(median([NaN, NaN])).toBeNaN();
    expect(median([])).toBeNaN();
  });
});
