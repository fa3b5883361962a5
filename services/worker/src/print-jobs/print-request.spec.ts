import { Types } from 'mongoose';
import { PICKUP_BRANCH, printJobCreateSchema } from '@mechabrim/contracts';
import { checkFileSignature } from '@mechabrim/storage';
import {
  buildPrintJob,
  countryCode,
  handoffKeyOf,
  PICKUP_BRANCH_ADDRESS,
  podPackageId,
  PRINT_FILE_URL_LIFETIME_MS,
  trimOf,
  UnprintableOrderError,
  type PrintableBook,
  type PrintableOrder,
} from './print-request';

const bookA = new Types.ObjectId();
const bookB = new Types.ObjectId();
const order: PrintableOrder = {
  _id: new Types.ObjectId(),
  user: { name: 'דנה לוי', email: 'dana@example.com' },
  shippingAddress: {
    fullName: 'דנה לוי',
    street: 'הרצל 1',
    city: 'תל אביב',
    zip: '6100001',
    country: 'ישראל',
    phone: '050-1234567',
  },
  shipping: { method: 'express' },
  books: [
    { book: { _id: bookA, title: 'ירושלים של זהב' }, quantity: 2 },
    { book: { _id: bookB, title: 'Tel Aviv Nights' }, quantity: 1 },
  ],
};
const books = new Map<string, PrintableBook>([
  [
    bookA.toHexString(),
    {
      _id: bookA,
      title: 'ירושלים של זהב',
      size: 'A5',
      readingFormat: 'rtl',
      paperType: '80g',
      printingType: 'bw',
      pages: 212,
      files: { pdf: 'books/a/interior.pdf', coverPdf: 'books/a/cover.pdf' },
    },
  ],
  [
    bookB.toHexString(),
    {
      _id: bookB,
      title: 'Tel Aviv Nights',
      size: '13.5x21',
      readingFormat: 'ltr',
      paperType: '70g',
      printingType: 'color',
      pages: 96,
      files: { pdf: 'books/b/interior.pdf', coverPdf: 'books/b/cover.pdf' },
    },
  ],
]);
const settings = {
  filesUrl: 'https://files.example/api/print/files',
  fileUrlSecret: 'print-request-spec-secret',
  contactEmail: 'print@x.example',
};
const NOW = new Date('2026-11-26T10:00:00Z');

/** The file and the expiry a signed address names, and whether its signature holds. */
function signedFile(url: string | undefined) {
  const parsed = new URL(url ?? '');
  const key = parsed.pathname.replace('/api/print/files/', '');
  const expires = parsed.searchParams.get('expires') ?? undefined;
  return {
    origin: parsed.origin,
    key,
    expiresAt: new Date(Number(expires) * 1000),
    check: checkFileSignature(
      key,
      expires,
      parsed.searchParams.get('signature') ?? undefined,
      settings.fileUrlSecret,
      NOW,
    ),
  };
}

describe('the print job of a paid order', () => {
  it('is a valid Lulu-shaped job with our order id as external_id and each book a line', () => {
    const job = printJobCreateSchema.parse(buildPrintJob(order, books, settings, NOW));
    const orderId = order._id.toHexString();
    expect(job.external_id).toBe(orderId);
    expect(job.shipping_level).toBe('EXPEDITED');
    expect(job.shipping_address).toMatchObject({ country_code: 'IL', postcode: '6100001' });
    expect(job.line_items).toHaveLength(2);
    const [first, second] = job.line_items;
    expect(first).toMatchObject({
      external_id: `${orderId}-1`,
      quantity: 2,
      printable_normalization: {
        pod_package_id: '0583X0827.BW.STD.PB.080CW444.MXX',
        page_count: 212,
      },
      production_notes: { reading_direction: 'rtl', trim_mm: { width: 148, height: 210 } },
    });
    // The partner downloads each file from a signed address that works for a fortnight.
    const interior = signedFile(first?.printable_normalization.interior.source_url);
    expect(interior).toEqual({
      origin: 'https://files.example',
      key: 'books/a/interior.pdf',
      expiresAt: new Date(NOW.getTime() + PRINT_FILE_URL_LIFETIME_MS),
      check: 'valid',
    });
    expect(signedFile(first?.printable_normalization.cover.source_url)).toMatchObject({
      key: 'books/a/cover.pdf',
      check: 'valid',
    });
    expect(second?.printable_normalization.pod_package_id).toBe('0531X0827.FC.STD.PB.060UW444.MXX');
    expect(second?.production_notes).toMatchObject({
      reading_direction: 'ltr',
      interior_color: 'color',
      trim_mm: { width: 135, height: 210 },
    });
  });

  it("gives the carrier the checkout form's e-mail as the parcel's contact, else the account's", () => {
    const withContact = {
      ...order,
      shippingAddress: { ...order.shippingAddress, email: 'delivery@example.com' },
    };
    expect(buildPrintJob(withContact, books, settings, NOW).shipping_address.email).toBe(
      'delivery@example.com',
    );
    expect(buildPrintJob(order, books, settings, NOW).shipping_address.email).toBe(
      'dana@example.com',
    );
  });

  it("sends a self-pickup order to the Tel Aviv branch at the cheapest level, not the buyer's home", () => {
    // Pickup is offered whatever the buyer's address, so even one abroad the partner cannot name.
    const pickup: PrintableOrder = {
      ...order,
      shippingAddress: { ...order.shippingAddress, city: 'Paris', country: 'ארץ לא ידועה' },
      shipping: { method: 'pickup' },
    };
    const job = buildPrintJob(pickup, books, settings, NOW);
    expect(printJobCreateSchema.safeParse(job).success).toBe(true);
    expect(job.shipping_address).toEqual(PICKUP_BRANCH_ADDRESS);
    expect(job.shipping_address).toMatchObject({
      street1: PICKUP_BRANCH.street,
      city: PICKUP_BRANCH.city,
      country_code: 'IL',
    });
    // MAIL is Lulu's cheapest level: the branch waits for the parcel, the buyer pays nothing.
    expect(job.shipping_level).toBe('MAIL');
    expect(JSON.stringify(job.shipping_address)).not.toContain('הרצל');
  });

  it('reads both trims however the size was written', () => {
    expect(trimOf('A5')).toEqual({ width: 148, height: 210 });
    expect(trimOf(null)).toEqual({ width: 148, height: 210 });
    for (const size of ['13.5x21', '135x210', '135 x 210 mm', '13.5×21 ס"מ'])
      expect(trimOf(size)).toEqual({ width: 135, height: 210 });
    expect(podPackageId({})).toBe('0583X0827.BW.STD.PB.060UW444.MXX');
  });

  it('refuses a book gone from the catalogue and a country it cannot name', () => {
    expect(() => buildPrintJob(order, new Map(), settings)).toThrow(UnprintableOrderError);
    // Without the signing secret no file address can be given: the order needs an admin.
    expect(() => buildPrintJob(order, books, { ...settings, fileUrlSecret: '' })).toThrow(
      UnprintableOrderError,
    );
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('')).toBe('IL');
    expect(() => countryCode('ארץ לא ידועה')).toThrow(UnprintableOrderError);
  });

  it('gives one idempotency key per order', () => {
    expect(handoffKeyOf('abc')).toBe(handoffKeyOf('abc'));
    expect(handoffKeyOf('abc')).not.toBe(handoffKeyOf('abd'));
  });
});
