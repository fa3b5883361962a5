import { useState } from 'react';
import {
  formatPrice,
  agorot,
  selectSplitPolicy,
  toAgorot,
  toShekels,
  type Agorot,
  type SaleSplit,
} from '@mechabrim/money';
import { Field } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.upload;
/** The product's split policy (the default of configuration, the one the ledger books by). */
const policy = selectSplitPolicy();
const PRICE_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;

/** One printed copy's split at `price` shekels with `printCost` shekels of print and shipping. */
export function perCopySplit(price: number, printCost: number): SaleSplit {
  return policy.split({
    unitPrice: toAgorot(price),
    quantity: 1,
    format: 'physical',
    printAndShipping: toAgorot(printCost),
  });
}

const money = (amount: Agorot) => formatPrice(toShekels(amount));
/** The print cost as entered: what the split covers from the author's share, and what it cannot. */
const printCostOf = (split: SaleSplit) =>
  agorot(split.printAndShipping + split.uncoveredPrintAndShipping);

/**
 * Beside the price: per copy, the print-and-shipping cost, the community's and the platform's
 * shares and what the author receives — split by libs/money's policy, as the ledger will.
 */
export function PriceCalculator({ price }: { price: string }) {
  const [printCost, setPrintCost] = useState('');
  const priceValid = PRICE_PATTERN.test(price.trim());
  const costValid = printCost.trim() === '' || PRICE_PATTERN.test(printCost.trim());
  const shares = policy.shares('physical');
  const split =
    priceValid && costValid
      ? perCopySplit(Number(price.trim()), Number(printCost.trim() || 0))
      : null;

  return (
    <aside className="ap-card ap-upload__calculator" aria-labelledby="ap-upload-calculator">
      <h3 id="ap-upload-calculator">{s.calculator}</h3>
      <Field label={s.printCost} hint={s.printCostHint}>
        {(control) => (
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...control}
            value={printCost}
            onChange={(event) => setPrintCost(event.target.value)}
          />
        )}
      </Field>
      {split && (
        <dl className="ap-upload__split" data-testid="price-split">
          <dt>{s.priceLine}</dt>
          <dd>{formatPrice(Number(price.trim()))}</dd>
          <dt>{s.printLine}</dt>
          <dd>{money(printCostOf(split))}</dd>
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
      {split && split.uncoveredPrintAndShipping > 0 && (
        <p role="note">{s.uncovered(money(printCostOf(split)), money(split.printAndShipping))}</p>
      )}
    </aside>
  );
}
