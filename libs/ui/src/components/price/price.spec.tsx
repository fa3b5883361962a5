import { render } from '@testing-library/react';
import { Price } from './price';

const strip = (s: string) =>
  s
    .replace(/[\u200e\u200f]/g, '')
    .replace(/[\u00a0\s]+/g, ' ')
    .trim();

const shown = (value: number | null | undefined) =>
  strip(render(<Price value={value} />).container.querySelector('bdi')?.textContent ?? '');

describe('price in shekels', () => {
  it('shows a price with agorot to the agora, as it is charged', () => {
    expect(shown(82.9)).toBe('82.90 ₪');
    expect(shown(1234.4)).toBe('1,234.40 ₪');
  });

  it('shows a whole price without decimals', () => {
    expect(shown(83)).toBe('83 ₪');
    expect(shown(42)).toBe('42 ₪');
  });

  it('treats a missing value as zero', () => {
    expect(shown(undefined)).toBe('0 ₪');
    expect(shown(null)).toBe('0 ₪');
  });
});
