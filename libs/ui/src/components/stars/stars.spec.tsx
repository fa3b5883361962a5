import { render, screen } from '@testing-library/react';
import { Stars, starKinds, formatRating } from './stars';

describe('star drawing', () => {
  it('draws whole ratings as full stars and the rest empty', () => {
    expect(starKinds(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starKinds(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starKinds(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('draws a half star for a remainder of a half point', () => {
    expect(starKinds(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starKinds(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(starKinds(4.3)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('rounds small remainders down and large ones up', () => {
    expect(starKinds(4.1)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starKinds(3.8)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('clamps out-of-range and missing ratings', () => {
    expect(starKinds(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starKinds(-2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starKinds(undefined)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starKinds(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('formats the rating to one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(undefined)).toBe('0.0');
  });

  it('renders five stars with a Hebrew accessible name and the value', () => {
    const { container } = render(<Stars rating={2.5} showValue count={12} />);
    expect(screen.getByRole('img', { name: 'דירוג 2.5 מתוך 5' })).toBeTruthy();
    const kinds = Array.from(container.querySelectorAll('[data-kind]')).map((el) =>
      el.getAttribute('data-kind'),
    );
    expect(kinds).toEqual(['full', 'full', 'half', 'empty', 'empty']);
    expect(container.textContent).toContain('2.5');
    expect(container.textContent).toContain('(12)');
  });

  it("says 'no ratings yet' for a book nobody rated, not 0.0 stars", () => {
    const { container } = render(<Stars rating={0} showValue ratings={0} />);
    expect(container.textContent).toBe('עוד אין דירוגים');
    expect(container.querySelector('[data-kind]')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    render(<Stars rating={4} showValue ratings={3} />);
    expect(screen.getByRole('img', { name: 'דירוג 4.0 מתוך 5' })).toBeTruthy();
  });
});
