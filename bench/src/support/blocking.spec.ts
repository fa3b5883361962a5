import { blockingTime } from './blocking';

describe('blockingTime', () => {
  it("sums each long task's time past 50 ms, from the first paint on", () => {
    const tasks = [
      { start: 100, duration: 400 }, // before the first paint: not counted
      { start: 900, duration: 250 }, // 200
      { start: 1200, duration: 50 }, // exactly 50: 0
      { start: 1300, duration: 120 }, // 70
    ];
    expect(blockingTime(tasks, 900)).toBe(270);
  });

  it('is 0 without long tasks, and NaN when the page never painted', () => {
    expect(blockingTime([], 500)).toBe(0);
    expect(blockingTime([{ start: 600, duration: 80 }], NaN)).toBeNaN();
  });
});
