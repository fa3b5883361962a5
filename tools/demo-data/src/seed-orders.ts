import type { Types } from 'mongoose';
import {
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  ORDER_STATUSES,
  orderAmounts,
  type OrderStatus,
  type PaymentMethod,
} from '@mechabrim/db';
import {
  agorot,
  communityFirst85_10_5,
  lineTotal,
  splitPrintedLine,
  toAgorot,
} from '@mechabrim/money';
import { CITIES, STREETS } from './content.he';
import { DEMO_ACCOUNTS, DEMO_IDS, demoId } from './demo-accounts';
import type { DemoBuyer } from './seed-people';
import {
  DAY,
  LATEST,
  elementAt,
  insertAll,
  materialize,
  pick,
  prng,
  type SeedContext,
  type SeedDoc,
} from './seed-kit';

/** Orders seeded for the demo author: every status of spec §4 appears several times. */
const DEMO_ORDER_COUNT = 20;
const PAYMENT_CYCLE: readonly PaymentMethod[] = ['credit_card', 'credit_card', 'bit', 'paypal'];
/** How many days before {@link LATEST} an order of each status was placed (at least, spread). */
const ORDER_AGE_DAYS: Record<OrderStatus, [number, number]> = {
  pending: [0, 4],
  processing: [2, 8],
  shipped: [5, 14],
  delivered: [15, 320],
  cancelled: [10, 200],
};

/**
 * Orders for the demo author's available books, from the demo reader and the generated buyers,
 * cycling through every status. Some orders also hold another author's book (the author view
 * counts only its own lines). Sets `salesCount` so it agrees with the orders: a demo-author book's
 * salesCount is exactly its copies in the split orders; another book in such an order gets those
 * copies added to its sales from before the seeded order history. `ledgerCopies` is the copies
 * the ledger holds for each book.
 */
function demoOrders(books: SeedDoc[], buyers: readonly DemoBuyer[]): SeedDoc[] {
  const rand = prng(20250901);
  const own = books.filter(
    (b) => (b.author as Types.ObjectId).equals(DEMO_IDS.author) && b.isAvailable,
  );
  const others = books.filter(
    (b) => !(b.author as Types.ObjectId).equals(DEMO_IDS.author) && b.isAvailable,
  );
  if (!own.length) return [];
  // The demo author's sales are exactly its orders' (a hidden book, awaiting approval, sold none).
  for (const book of books)
    if ((book.author as Types.ObjectId).equals(DEMO_IDS.author)) book.salesCount = 0;
  const people = [
    { _id: DEMO_IDS.reader, name: DEMO_ACCOUNTS.reader.name, email: DEMO_ACCOUNTS.reader.email },
    ...buyers,
  ];
  const orders: SeedDoc[] = [];
  let sold = 0;
  for (let i = 0; i < DEMO_ORDER_COUNT; i += 1) {
    const status = elementAt(ORDER_STATUSES, i % ORDER_STATUSES.length);
    // Shipped and delivered orders walk the books on their own counter, so every available book
    // has some copies in the readers' hands.
    const start = status === 'shipped' || status === 'delivered' ? sold++ : i;
    const lineBooks = Array.from(
      { length: Math.min(own.length, 1 + (i % 3 === 1 ? 1 : 0)) },
      (_, j) => elementAt(own, (start + j) % own.length),
    );
    if (i % 4 === 3 && others.length) lineBooks.push(elementAt(others, (i * 7) % others.length));
    const lines = lineBooks.map((book) => orderLine(rand, book));
    // Copies count as sold once the order's split is in the ledger, as the worker's count does:
    // every screen of the author (books, dashboard, earnings) then shows the same copies, and
    // `ledgerCopies` says the count has taken them already.
    if (SPLIT_DEMO_STATUSES.includes(status))
      for (const [j, line] of lines.entries()) {
        const book = elementAt(lineBooks, j);
        book.salesCount = (book.salesCount as number) + line.quantity;
        book.ledgerCopies = ((book.ledgerCopies as number | undefined) ?? 0) + line.quantity;
      }
    const buyer = elementAt(people, i % 3 === 0 ? 0 : 1 + (i % buyers.length));
    const [minAge, maxAge] = ORDER_AGE_DAYS[status];
    const at = LATEST - (minAge + Math.floor(rand() * (maxAge - minAge + 1))) * DAY - i * 3600_000;
    orders.push({
      user: { userId: buyer._id, name: buyer.name, email: buyer.email },
      shippingAddress: demoAddress(rand, buyer.name),
      books: lines,
      ...orderAmounts(lines),
      paymentMethod: PAYMENT_CYCLE[i % PAYMENT_CYCLE.length],
      status,
      createdAt: new Date(at),
      updatedAt: new Date(status === 'pending' ? at : Math.min(LATEST, at + 2 * DAY)),
    });
  }
  return orders;
}

/** Demo orders whose payment went through: the ledger holds their split (the author's earnings). */
const SPLIT_DEMO_STATUSES: readonly string[] = ['processing', 'shipped', 'delivered'];

/**
 * The ledger entries of the demo orders that were paid, as the worker's `order-splits` writes
 * them under the default 85/10/5 policy (one entry per line and party), so the demo author's
 * earnings page reads real figures. Cancelled and pending demo orders were never split.
 */
function demoLedger(
  orders: readonly SeedDoc[],
  printCosts: ReadonlyMap<string, number>,
): SeedDoc[] {
  return orders.flatMap((order) => {
    if (!SPLIT_DEMO_STATUSES.includes(order.status as string)) return [];
    const lines = order.books as Array<{
      book: { _id: Types.ObjectId; author: Types.ObjectId };
      quantity: number;
      priceAgorot: number;
    }>;
    const occurredAt = order.createdAt as Date;
    return lines.flatMap((line, lineIndex) => {
      // The book's quoted print cost per copy comes out of the author's 85 %, as in the split.
      const split = splitPrintedLine(communityFirst85_10_5, {
        priceAgorot: line.priceAgorot,
        quantity: line.quantity,
        printCostAgorot: printCosts.get(line.book._id.toHexString()) ?? 0,
      });
      const parties = [
        ['author', split.author],
        ['community', split.community],
        ['platform', split.platform],
        ...(split.printAndShipping > 0 ? [['print', split.printAndShipping] as const] : []),
      ] as const;
      return parties.map(([party, amountAgorot]) => ({
        orderId: order._id,
        lineIndex,
        party,
        kind: 'sale',
        amountAgorot,
        bookId: line.book._id,
        authorId: line.book.author,
        quantity: line.quantity,
        lineTotalAgorot: lineTotal(agorot(line.priceAgorot), line.quantity),
        policy: communityFirst85_10_5.name,
        occurredAt,
        createdAt: occurredAt,
      }));
    });
  });
}

/** One line of a demo order: the book as the order keeps it, 1–3 copies at its price. */
function orderLine(rand: () => number, book: SeedDoc) {
  return {
    book: {
      _id: book._id,
      title: book.title,
      author: book.author,
      authorName: book.authorName,
      coverImage: book.coverImage,
    },
    quantity: 1 + Math.floor(rand() * 3),
    priceAgorot: toAgorot(book.price as number),
  };
}

/** A drawn Israeli address for the buyer `fullName`. */
function demoAddress(rand: () => number, fullName: string) {
  return {
    fullName,
    street: `${pick(rand, STREETS)} ${1 + Math.floor(rand() * 120)}`,
    city: pick(rand, CITIES),
    zip: String(1_000_000 + Math.floor(rand() * 8_999_999)),
    country: 'ישראל',
    phone: `05${Math.floor(rand() * 10)}-${String(1_000_000 + Math.floor(rand() * 8_999_999)).slice(0, 7)}`,
  };
}

/**
 * Step: the demo author's orders (its dashboard's orders and earnings), built. Sets the books'
 * sales to agree with them, so the books are inserted after this step.
 */
export async function drawOrders(
  { model }: SeedContext,
  books: SeedDoc[],
  buyers: readonly DemoBuyer[],
): Promise<{ orders: SeedDoc[]; orderDocs: SeedDoc[] }> {
  const orders = demoOrders(books, buyers).map((order, i) => ({
    _id: demoId('order', i),
    ...order,
    ...(SPLIT_DEMO_STATUSES.includes(order.status as string)
      ? { paidAt: order.createdAt, splitAt: order.createdAt }
      : {}),
  }));
  const orderDocs: SeedDoc[] = [];
  for (const order of orders) orderDocs.push(await materialize(model(ORDER_MODEL), order));
  return { orders, orderDocs };
}

/** Step: the ledger of the demo orders that were paid. */
export async function seedLedger(
  { model }: SeedContext,
  orders: readonly SeedDoc[],
  books: readonly SeedDoc[],
): Promise<void> {
  await insertAll(
    model(LEDGER_ENTRY_MODEL),
    demoLedger(
      orders,
      new Map(
        books.map((b) => [
          (b._id as Types.ObjectId).toHexString(),
          (b.printCost as { agorot: number } | undefined)?.agorot ?? 0,
        ]),
      ),
    ),
  );
}
