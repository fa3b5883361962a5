import type { PrintCostAnswer } from '@mechabrim/contracts';
import { tablePrintCostPerCopy, tableShippingCost } from '@mechabrim/print-specs';
import type { PrintSimulatorOptions } from './types';

/** Agorot as Lulu's decimal string (`"15.00"`). */
const decimal = (agorot: number) => (agorot / 100).toFixed(2);

/** A line the table cannot price (an unknown product code or no page count). */
export class UnpricedLineError extends Error {}

/**
 * Lulu's cost answer for lines and a shipping level, from the price table (libs/print-specs
 * `SIMULATOR_PRICE_TABLE`): per line, its copies times the table's cost per copy (or what
 * `chargeLine` says); the shipping level's price for all the copies; no tax; in ILS.
 */
export function priceLines(
  lines: readonly { pod_package_id: string; page_count?: number; quantity: number }[],
  shippingLevel: string,
  chargeLine?: PrintSimulatorOptions['chargeLine'],
): PrintCostAnswer {
  const lineCosts = lines.map((line) => {
    const pages = line.page_count ?? 0;
    const perCopy = tablePrintCostPerCopy(line.pod_package_id, pages);
    if (perCopy === null) {
      throw new UnpricedLineError(
        `cannot price ${line.pod_package_id} with ${pages} pages: unknown product or page count`,
      );
    }
    const table = perCopy * line.quantity;
    const total = chargeLine
      ? chargeLine({ podPackageId: line.pod_package_id, pages, quantity: line.quantity, table })
      : table;
    return {
      quantity: line.quantity,
      cost_excl_discounts: decimal(perCopy),
      total_cost_excl_discounts: decimal(total),
      total_cost_excl_tax: decimal(total),
      total_tax: '0.00',
      tax_rate: '0.00',
      total_cost_incl_tax: decimal(total),
      discounts: [],
      unit_tier_cost: null,
    };
  });
  const copies = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = tableShippingCost(shippingLevel, Math.max(1, copies)) ?? 0;
  const total =
    lineCosts.reduce((sum, line) => sum + Math.round(Number(line.total_cost_incl_tax) * 100), 0) +
    shipping;
  return {
    line_item_costs: lineCosts,
    shipping_cost: {
      total_cost_excl_tax: decimal(shipping),
      total_tax: '0.00',
      tax_rate: '0.00',
      total_cost_incl_tax: decimal(shipping),
    },
    total_cost_excl_tax: decimal(total),
    total_tax: '0.00',
    total_cost_incl_tax: decimal(total),
    total_discount_amount: '0.00',
    currency: 'ILS',
  };
}
