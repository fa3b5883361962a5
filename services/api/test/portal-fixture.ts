import { Types, type Model } from 'mongoose';
import {
  BOOK_EDIT_MODEL,
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  REVIEW_MODEL,
  WISHLIST_ITEM_MODEL,
  orderAmounts,
} from '@mechabrim/db';
import {
  communityFirst85_10_5,
  agorot,
  lineTotal,
  splitPrintedLine,
  toAgorot,
} from '@mechabrim/money';
import { login, registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

export interface Account {
  id: string;
  token: string;
}

export interface PortalApi extends CatalogueApi {
  orders: Model<Record<string, unknown>>;
  ledger: Model<Record<string, unknown>>;
  edits: Model<Record<string, unknown>>;
  reviews: Model<Record<string, unknown>>;
  wishlists: Model<Record<string, unknown>>;
  /** Registers an author through the API. */
  author(email: string, name?: string): Promise<Account>;
  /** Registers a reader through the API. */
  reader(email: string): Promise<Account>;
  /** Registers an account and makes it an admin (as the operator does, in the database). */
  admin(email: string): Promise<Account>;
  /** Stores a book of the author's, on sale and approved unless told otherwise. */
  book(authorId: string, fields?: Record<string, unknown>): Promise<string>;
  /**
   * Stores a paid order of these lines and, unless `split: false`, its ledger entries as the
   * worker's `order-splits` writes them (the default 85/10/5 policy).
   */
  order(
    lines: Array<{
      bookId: string;
      authorId: string;
      price: number;
      quantity: number;
      title?: string;
      /** The book's quoted print cost per copy (₪), deducted as the split does. */
      printCost?: number;
    }>,
    options?: { status?: string; at?: Date; split?: boolean; buyer?: string },
  ): Promise<string>;
}

const PASSWORD = 'Sefer#2024';

/** The catalogue API with helpers for the author portal's suites (no demo data). */
export async function startPortalApi(): Promise<PortalApi> {
  const ctx = await startCatalogueApi();
  const model = (name: string) => ctx.db.models[name] as Model<Record<string, unknown>>;
  const orders = model(ORDER_MODEL);
  const ledger = model(LEDGER_ENTRY_MODEL);
  let orderCounter = 0;
  return {
    ...ctx,
    orders,
    ledger,
    edits: model(BOOK_EDIT_MODEL),
    reviews: model(REVIEW_MODEL),
    wishlists: model(WISHLIST_ITEM_MODEL),
    author: (email, name = 'יוצרת בדיקה') => registerUser(ctx.http, email, 'author', name),
    reader: (email) => registerUser(ctx.http, email, 'user'),
    async admin(email) {
      const { id } = await registerUser(ctx.http, email, 'user', 'מנהלת האתר');
      await ctx.users.updateOne({ _id: new Types.ObjectId(id) }, { $set: { role: 'admin' } });
      return { id, token: await login(ctx.http, email, PASSWORD) };
    },
    async book(authorId, fields = {}) {
      const created = await ctx.books.create({
        title: 'ספר בדיקה',
        author: new Types.ObjectId(authorId),
        authorName: 'יוצרת בדיקה',
        category: 'רומן',
        price: 50,
        description: 'תיאור הספר',
        isAvailable: true,
        approvalStatus: 'approved',
        tags: ['בדיקה'],
        ...fields,
      });
      return String(created._id);
    },
    async order(lines, options = {}) {
      orderCounter += 1;
      const at = options.at ?? new Date();
      const status = options.status ?? 'paid';
      const books = lines.map((line) => ({
        book: {
          _id: new Types.ObjectId(line.bookId),
          title: line.title ?? 'ספר בדיקה',
          author: new Types.ObjectId(line.authorId),
          authorName: 'יוצרת בדיקה',
          coverImage: '/api/covers/x.jpg',
        },
        quantity: line.quantity,
        priceAgorot: toAgorot(line.price),
      }));
      const created = await orders.create({
        user: {
          name: options.buyer ?? `קונה ${orderCounter}`,
          email: `buyer${orderCounter}@example.com`,
        },
        shippingAddress: { street: 'הרצל 1', city: 'תל אביב', zip: '6100000', phone: '0501234567' },
        books,
        ...orderAmounts(books),
        status,
        paidAt: at,
        splitAt: options.split === false ? null : at,
        // Shipped: the print partner's parcel, as the print callback keeps it.
        ...(status === 'shipped' && {
          print: {
            provider: 'simulator',
            handoffKey: `print-${orderCounter}`,
            parcels: [{ trackingNumber: `RR${orderCounter}IL`, carrier: 'דואר ישראל' }],
          },
        }),
        createdAt: at,
      });
      if (options.split !== false) {
        const entries = books.flatMap((line, lineIndex) => {
          const split = splitPrintedLine(communityFirst85_10_5, {
            priceAgorot: line.priceAgorot,
            quantity: line.quantity,
            printCostAgorot: Math.round((lines[lineIndex]?.printCost ?? 0) * 100),
          });
          const parties = [
            ['author', split.author],
            ['community', split.community],
            ['platform', split.platform],
            ...(split.printAndShipping > 0 ? [['print', split.printAndShipping] as const] : []),
          ] as const;
          return parties.map(([party, amountAgorot]) => ({
            orderId: created._id,
            lineIndex,
            party,
            kind: 'sale',
            amountAgorot,
            bookId: line.book._id,
            authorId: line.book.author,
            quantity: line.quantity,
            lineTotalAgorot: lineTotal(agorot(line.priceAgorot), line.quantity),
            policy: 'community-first',
            occurredAt: at,
          }));
        });
        await ledger.insertMany(entries);
      }
      return String(created._id);
    },
  };
}

export { login, PASSWORD };
