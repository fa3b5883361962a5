import { render } from '@testing-library/react';
import { Price, formatPrice } from './price';

const strip = (s: string) =>
  s
    .replace(/[\u200e\u200f]/g, '')
    .replace(/[\u00a0\s]+/g, ' ')
    .trim();

describe('price in shekels', () => {
  it('rounds to a whole shekel by default', () => {
    expect(strip(formatPrice(59.9))).toBe('60 ₪');
    expect(strip(formatPrice(1234.4))).toBe('1,234 ₪');
  });

  it('keeps two decimals when asked', () => {
    expect(strip(formatPrice(59.9, 2))).toBe('59.90 ₪');
  });

  it('treats a missing value as zero', () => {
    expect(strip(formatPrice(undefined))).toBe('0 ₪');
  });

  it('renders inside a bidi isolate', () => {
    const { container } = render(<Price value={42} />);
    const bdi = container.querySelector('bdi');
    expect(bdi).not.toBeNull();
    expect(strip(bdi!.textContent ?? '')).toBe('42 ₪');
  });
});
