import { formatPrice } from '@mechabrim/money';

export interface PriceProps {
  /** Shekels, as the API answers them; a missing price shows as 0 ₪. */
  value: number | null | undefined;
  className?: string;
}

/**
 * A price as `@mechabrim/money`'s `formatPrice` writes it (to the agora where it has agorot,
 * whole where it is whole), isolated for bidi so the number and ₪ keep their order inside Hebrew
 * lines.
 */
export function Price({ value, className }: PriceProps) {
  return (
    <bdi className={`mb-price${className ? ` ${className}` : ''}`}>{formatPrice(value ?? 0)}</bdi>
  );
}
