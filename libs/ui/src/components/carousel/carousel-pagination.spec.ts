import {
  AUTHOR_BREAKPOINTS,
  BOOK_BREAKPOINTS,
  capBreakpoints,
  dotToSlide,
  maxSlidesPerView,
  slideToDot,
} from './carousel-pagination';

describe('carousel pagination formula', () => {
  it('maps dot i to slide floor(i/5 × n)', () => {
    expect([0, 1, 2, 3, 4].map((i) => dotToSlide(i, 10))).toEqual([0, 2, 4, 6, 8]);
    expect([0, 1, 2, 3, 4].map((i) => dotToSlide(i, 7))).toEqual([0, 1, 2, 4, 5]);
    expect([0, 1, 2, 3, 4].map((i) => dotToSlide(i, 3))).toEqual([0, 0, 1, 1, 2]);
  });

  it('keeps the active dot between 0 and 4', () => {
    expect(slideToDot(0, 10)).toBe(0);
    expect(slideToDot(9, 10)).toBe(4);
    expect(slideToDot(25, 10)).toBe(4);
    expect(slideToDot(-3, 10)).toBe(0);
    expect(slideToDot(0, 0)).toBe(0);
  });

  it('lights the dot that was clicked when there are at least five slides', () => {
    for (const n of [5, 6, 7, 10, 12, 17]) {
      for (let i = 0; i < 5; i++) expect(slideToDot(dotToSlide(i, n), n)).toBe(i);
    }
  });

  it('has the slides-per-view breakpoints of the spec', () => {
    expect(
      Object.fromEntries(Object.entries(BOOK_BREAKPOINTS).map(([w, b]) => [w, b.slidesPerView])),
    ).toEqual({
      320: 2,
      480: 2,
      640: 3,
      768: 3,
      1024: 4,
      1200: 5,
      1400: 6,
    });
    expect(
      Object.fromEntries(Object.entries(AUTHOR_BREAKPOINTS).map(([w, b]) => [w, b.slidesPerView])),
    ).toEqual({
      320: 1,
      480: 2,
      640: 2,
      768: 3,
      1024: 4,
      1200: 5,
    });
    const gaps = Object.values(BOOK_BREAKPOINTS).map((b) => b.spaceBetween);
    expect(Math.min(...gaps)).toBe(8);
    expect(Math.max(...gaps)).toBe(32);
  });

  it('caps slides per view for the related-books carousel', () => {
    expect(maxSlidesPerView(capBreakpoints(BOOK_BREAKPOINTS, 4))).toBe(4);
  });
});
