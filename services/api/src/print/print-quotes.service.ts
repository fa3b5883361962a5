import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PrintCostQuote } from '@mechabrim/contracts';
import {
  agorot,
  checkPriceCoversPrint,
  selectSplitPolicy,
  toAgorot,
  toShekels,
  type SplitPolicy,
} from '@mechabrim/money';
import { podPackageId } from '@mechabrim/print-specs';
import { PrintPartnerClient, PrintPartnerError } from '@mechabrim/server-kit';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { toPrintCostAnswer, type StoredPrintCost } from './print-cost.answer';
import { PRINT_PARTNER } from './print-partner.provider';

export type { StoredPrintCost } from './print-cost.answer';

const m = messagesHe.print;

/** A book's print options, as stored or as the upload form sends them. */
export interface QuotedBookOptions {
  size?: string | null;
  paperType?: string | null;
  printingType?: string | null;
  pages?: number | null;
}

/** Where a book is quoted as shipped to: the cost per copy is the print; shipping is the buyer's. */
const QUOTE_ADDRESS = { country_code: 'IL', city: 'תל אביב', postcode: '6100000' } as const;

/** Two decimals, as the messages show shekels. */
const shekelText = (amount: number) => amount.toFixed(2);

/**
 * A book's print cost per copy, from the print partner's cost calculation (ARCHITECTURE.md
 * decision 11): asked at upload, edit and approval, kept on the book with the quote's date, and
 * held against the book's price by the money module's rule (the share that bears print must cover
 * it for any number of copies). The partner unreachable: {@link quote} answers null and the
 * caller decides (an upload is stored with its quote pending; an approval waits for one).
 */
@Injectable()
export class PrintQuotesService {
  private readonly logger = new Logger(PrintQuotesService.name);
  readonly policy: SplitPolicy;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(PRINT_PARTNER) private readonly client: PrintPartnerClient,
  ) {
    this.policy = selectSplitPolicy(config.splitPolicy);
  }

  /**
   * The partner's cost of one copy of such a book; null when its page count is unknown or the
   * partner could not be asked (logged).
   */
  async quote(book: QuotedBookOptions): Promise<StoredPrintCost | null> {
    const pages = book.pages ?? null;
    if (!pages) return null;
    const product = podPackageId(book);
    try {
      const charge = await this.client.calculateCost({
        line_items: [{ pod_package_id: product, page_count: pages, quantity: 1 }],
        shipping_address: QUOTE_ADDRESS,
        shipping_option: 'MAIL',
      });
      const perCopy = charge.lines[0];
      if (perCopy === undefined || perCopy < 0) throw new PrintPartnerError('no line cost');
      return { agorot: perCopy, quotedAt: new Date(), podPackageId: product, pages };
    } catch (error) {
      this.logger.warn({
        podPackageId: product,
        pages,
        err: error instanceof Error ? error.message : String(error),
        msg: 'print cost quote failed',
      });
      return null;
    }
  }

  /** Like {@link quote}, but a partner that cannot be asked is a Hebrew 503. */
  async requireQuote(book: QuotedBookOptions & { pages: number }): Promise<StoredPrintCost> {
    const quoted = await this.quote(book);
    if (!quoted) throw new DomainError('unavailable', m.quoteUnavailable);
    return quoted;
  }

  /** Whose share of the price pays the print, in the policy's words. */
  private bearerText(): string {
    const shares = this.policy.shares('physical');
    return this.policy.printAndShippingFrom === 'author'
      ? m.authorShare(shares.author)
      : m.platformShare(shares.platform);
  }

  /**
   * Refuses a price (shekels) that cannot carry the print cost of a copy, naming the lowest price
   * that can, on the `price` field.
   */
  assertPriceCovers(price: number, cost: StoredPrintCost | null | undefined): void {
    if (!cost) return;
    const check = checkPriceCoversPrint(this.policy, toAgorot(price), agorot(cost.agorot));
    if (check.ok) return;
    const message = m.priceBelowPrintCost(
      shekelText(price),
      shekelText(toShekels(agorot(cost.agorot))),
      shekelText(toShekels(check.lowestPrice)),
      this.bearerText(),
    );
    throw new DomainError('invalid_data', message, [{ field: 'price', message }]);
  }

  /** A stored quote as its author and the admins see it (null: none yet). */
  answerOf(cost: StoredPrintCost | null | undefined): PrintCostQuote | null {
    return toPrintCostAnswer(cost, this.policy);
  }
}
