import type { PrintCostQuote } from '@mechabrim/contracts';
import {
  agorot,
  selectSplitPolicy,
  splitPrintedLine,
  toAgorot,
  toShekels,
  type Agorot,
  type SaleSplit,
  formatPrice,
} from '@mechabrim/money';
import { strings } from '../strings.he';

const s = strings.upload;
/** The product's split policy (the default of configuration, the one the ledger books by). */
const policy = selectSplitPolicy();
const PRICE_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;

/** One printed copy's split at `price` shekels with the quoted `printCost` shekels per copy. */
export function perCopySplit(price: number, printCost: number): SaleSplit {
  return splitPrintedLine(policy, {
    priceAgorot: toAgorot(price),
    quantity: 1,
    printCostAgorot: toAgorot(printCost),
  });
}

const money = (amount: Agorot) => formatPrice(toShekels(amount));

/** Where the quote stands when there is none to show. */
export type QuoteState = 'needs-pages' | 'loading' | 'failed' | 'pending';

/**
 * Beside the price: per copy, the print partner's quoted print cost (not typed by the author: the
 * server quotes it at upload, edit and approval and deducts it in the split), the community's and
 * the platform's shares and what the author receives — split by libs/money's policy, as the
 * ledger will — and the lowest price whose share covers the print.
 */
export function PriceCalculator({
  price,
  quote,
  state = 'pending',
}: {
  price: string;
  /** The quote for the book's options; null or undefined while there is none. */
  quote: PrintCostQuote | null | undefined;
  state?: QuoteState;
}) {
  const priceValid = PRICE_PATTERN.test(price.trim());
  const shares = policy.shares('physical');
  const split = priceValid && quote ? perCopySplit(Number(price.trim()), quote.perCopy) : null;
  const below = quote && priceValid && Number(price.trim()) < quote.lowestPrice;
  const note = !quote
    ? state === 'needs-pages'
      ? s.quoteNeedsPages
      : state === 'loading'
        ? s.quoteLoading
        : state === 'failed'
          ? s.quoteFailed
          : s.quotePending
    : null;

  return (
    <aside className="ap-card ap-upload__calculator" aria-labelledby="ap-upload-calculator">
      <h2 id="ap-upload-calculator">{s.calculator}</h2>
      {quote ? (
        <p data-testid="print-quote">
          {s.printCostQuoted(
            formatPrice(quote.perCopy),
            new Date(quote.quotedAt).toLocaleDateString('he-IL', { timeZone: 'Asia/Jerusalem' }),
          )}{' '}
          {s.lowestPrice(formatPrice(quote.lowestPrice))}
        </p>
      ) : (
        <p role="status" data-testid="print-quote">
          {note}
        </p>
      )}
      {split && (
        <dl className="ap-upload__split" data-testid="price-split">
          <dt>{s.priceLine}</dt>
          <dd>{formatPrice(Number(price.trim()))}</dd>
          <dt>{s.printLine}</dt>
          <dd>{money(agorot(split.printAndShipping + split.uncoveredPrintAndShipping))}</dd>
          <dt>{s.community(shares.community)}</dt>
          <dd>{money(split.community)}</dd>
          <dt>{s.platform(shares.platform)}</dt>
          <dd>{money(split.platform)}</dd>
          <dt>{s.authorGets}</dt>
          <dd>
            <strong>{money(split.author)}</strong>
          </dd>
        </dl>
      )}
      {below && quote && <p role="note">{s.belowLowest(formatPrice(quote.lowestPrice))}</p>}
    </aside>
  );
}
