import {
  PICKUP_BRANCH,
  type PrintJobCreate,
  type PrintLineItem,
  type PrintShippingLevel,
} from '@mechabrim/contracts';
import { podPackageId, trimOf } from '@mechabrim/print-specs';
import { signFileUrl } from '@mechabrim/storage';

/** A book's print options as the catalogue keeps them (spec §3's upload payload). */
export interface PrintableBook {
  _id: { toHexString(): string };
  title: string;
  size?: string | null;
  readingFormat?: string | null;
  paperType?: string | null;
  printingType?: string | null;
  pages?: number | null;
  files?: { pdf?: string | null; coverPdf?: string | null } | null;
}

/** A paid order as the handoff reads it. */
export interface PrintableOrder {
  _id: { toHexString(): string };
  user: { name: string; email: string };
  shippingAddress: {
    fullName?: string | null;
    street: string;
    city: string;
    zip?: string | null;
    country?: string | null;
    phone?: string | null;
    /** The checkout form's e-mail: the delivery contact (older orders have none). */
    email?: string | null;
  };
  shipping?: { method: string } | null;
  books: { book: { _id: { toHexString(): string }; title: string }; quantity: number }[];
}

/** A request that can never be printed as it stands (no retry helps; an admin must look). */
export class UnprintableOrderError extends Error {}

/** The book's product code and trim (libs/print-specs), re-exported for the handoff's readers. */
export { podPackageId, trimOf };

/**
 * Our shipping methods (spec §9) as Lulu's shipping levels. A pickup order's parcel goes to our
 * own branch, which waits for it at no charge to the buyer: the cheapest level.
 */
export const SHIPPING_LEVELS: Record<string, PrintShippingLevel> = {
  standard: 'MAIL',
  express: 'EXPEDITED',
  'next-day': 'EXPRESS',
  pickup: 'MAIL',
  international: 'PRIORITY_MAIL',
};

/** Where the partner sends a self-pickup order: the Tel Aviv branch, never the buyer's home. */
export const PICKUP_BRANCH_ADDRESS: PrintJobCreate['shipping_address'] = {
  name: PICKUP_BRANCH.name,
  street1: PICKUP_BRANCH.street,
  city: PICKUP_BRANCH.city,
  postcode: PICKUP_BRANCH.postcode,
  country_code: PICKUP_BRANCH.countryCode,
  phone_number: PICKUP_BRANCH.phone,
  email: PICKUP_BRANCH.email,
};

/** Country names as buyers type them, to ISO codes (the partner needs the code). */
const COUNTRIES: Record<string, string> = {
  ישראל: 'IL',
  israel: 'IL',
  'ארצות הברית': 'US',
  'ארה"ב': 'US',
  usa: 'US',
  'united states': 'US',
  בריטניה: 'GB',
  'united kingdom': 'GB',
  גרמניה: 'DE',
  germany: 'DE',
  צרפת: 'FR',
  france: 'FR',
  קנדה: 'CA',
  canada: 'CA',
  אוסטרליה: 'AU',
  australia: 'AU',
};

export function countryCode(country: string | null | undefined): string {
  const name = (country ?? '').trim() || 'ישראל';
  if (/^[A-Z]{2}$/.test(name)) return name;
  const code = COUNTRIES[name.toLowerCase()];
  if (!code) throw new UnprintableOrderError(`unknown shipping country "${name}"`);
  return code;
}

/** The idempotency key of an order's handoff: one print job per order, however often it is sent. */
export const handoffKeyOf = (orderId: string): string => `mechabrim-order-${orderId}`;

/**
 * How long the partner may download a job's files: it fetches them when it validates the job,
 * and again if an admin resubmits a rejected one within the fortnight.
 */
export const PRINT_FILE_URL_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The print job of a paid order: one line per book (its files by storage key under
 * `filesUrl`, as signed addresses that work for {@link PRINT_FILE_URL_LIFETIME_MS}; its page
 * count, trim, paper, binding and reading direction), the buyer's address (a pickup order's: the
 * Tel Aviv branch's) and the order's shipping level, our order id as `external_id`.
 */
export function buildPrintJob(
  order: PrintableOrder,
  books: ReadonlyMap<string, PrintableBook>,
  settings: { filesUrl: string; fileUrlSecret: string; contactEmail: string },
  now: Date = new Date(),
): PrintJobCreate {
  const orderId = order._id.toHexString();
  const expiresAt = new Date(now.getTime() + PRINT_FILE_URL_LIFETIME_MS);
  const fileUrl = (key: string | null | undefined) => {
    if (!key) return '';
    if (!settings.fileUrlSecret) {
      throw new UnprintableOrderError(
        "FILE_URL_SECRET is not set: the book's files cannot be sent",
      );
    }
    return signFileUrl(settings.filesUrl, key, settings.fileUrlSecret, expiresAt);
  };
  const lines: PrintLineItem[] = order.books.map((line, index) => {
    const bookId = line.book._id.toHexString();
    const book = books.get(bookId);
    if (!book) throw new UnprintableOrderError(`book ${bookId} is no longer in the catalogue`);
    const trim = trimOf(book.size);
    return {
      external_id: `${orderId}-${index + 1}`,
      title: book.title.slice(0, 300),
      quantity: line.quantity,
      printable_normalization: {
        pod_package_id: podPackageId(book),
        ...(book.pages ? { page_count: book.pages } : {}),
        cover: { source_url: fileUrl(book.files?.coverPdf) },
        interior: { source_url: fileUrl(book.files?.pdf) },
      },
      production_notes: {
        reading_direction: book.readingFormat === 'ltr' ? 'ltr' : 'rtl',
        trim_mm: trim,
        paper: book.paperType ?? '70g',
        binding: 'perfect-bound softcover',
        interior_color: book.printingType === 'color' ? 'color' : 'bw',
      },
    };
  });
  const address = order.shippingAddress;
  const method = order.shipping?.method ?? 'standard';
  return {
    external_id: orderId,
    contact_email: settings.contactEmail,
    shipping_level: SHIPPING_LEVELS[method] ?? 'MAIL',
    shipping_address:
      method === 'pickup'
        ? PICKUP_BRANCH_ADDRESS
        : {
            name: (address.fullName || order.user.name).slice(0, 200),
            street1: address.street.slice(0, 300),
            city: address.city.slice(0, 100),
            postcode: (address.zip ?? '').slice(0, 20),
            country_code: countryCode(address.country),
            phone_number: (address.phone ?? '').slice(0, 40),
            // The carrier's contact for the parcel: the form's e-mail, else the account's.
            email: address.email || order.user.email,
          },
    line_items: lines,
  };
}
