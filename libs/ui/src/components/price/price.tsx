import { formatPrice as formatShekels } from '@mechabrim/hebrew';

/**
 * A shekel amount in he-IL with the ₪ sign where Intl places it. `decimals` 0 rounds to a whole
 * shekel (book page, cards, home); 2 for the cart and checkout.
 */
export function formatPrice(value: number | null | undefined, decimals: 0 | 2 = 0): string {
  const n = Number.isFinite(value) ? (value as number) : 0;
  return formatShekels(decimals === 0 ? Math.round(n) : n, decimals);
}

export interface PriceProps {
  value: number | null | undefined;
  decimals?: 0 | 2;
  className?: string;
}

/** A price, isolated for bidi so the number and ₪ keep their order inside Hebrew lines. */
export function Price({ value, decimals = 0, className }: PriceProps) {
  return (
    <bdi className={`mb-price${className ? ` ${className}` : ''}`}>
      {formatPrice(value, decimals)}
    </bdi>
  );
}
