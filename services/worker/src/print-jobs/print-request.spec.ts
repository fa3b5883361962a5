import { Types } from 'mongoose';
import { printJobCreateSchema } from '@mechabrim/contracts';
import {
  buildPrintJob,
  countryCode,
  handoffKeyOf,
  podPackageId,
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
const settings = { filesUrl: 'https://files.example/api/files', contactEmail: 'print@x.example' };

describe('the print job of a paid order', () => {
  it('is a valid Lulu-shaped job with our order id as external_id and each book a line', () => {
    const job = printJobCreateSchema.parse(buildPrintJob(order, books, settings));
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
        interior: { source_url: 'https://files.example/api/files/books/a/interior.pdf' },
        cover: { source_url: 'https://files.example/api/files/books/a/cover.pdf' },
      },
      production_notes: { reading_direction: 'rtl', trim_mm: { width: 148, height: 210 } },
    });
    expect(second?.printable_normalization.pod_package_id).toBe('0531X0827.FC.STD.PB.060UW444.MXX');
    expect(second?.production_notes).toMatchObject({
      reading_direction: 'ltr',
      interior_color: 'color',
      trim_mm: { width: 135, height: 210 },
    });
  });

  it('reads both trims however the size was written', () => {
    expect(trimOf('A5')).toEqual({ width: 148, height: 210 });
    expect(trimOf(null)).toEqual({ width: 148, height: 210 });
    for (const size of ['13.5x21', '135x210', '135 x 210 mm', '13.5×21 ס"מ'])
      expect(trimOf(size)).toEqual({ width: 135, height: 210 });
    expect(podPackageId({ _id: bookA, title: 't' })).toBe('0583X0827.BW.STD.PB.060UW444.MXX');
  });

  it('refuses a book gone from the catalogue and a country it cannot name', () => {
    expect(() => buildPrintJob(order, new Map(), settings)).toThrow(UnprintableOrderError);
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('')).toBe('IL');
    expect(() => countryCode('ארץ לא ידועה')).toThrow(UnprintableOrderError);
  });

  it('gives one idempotency key per order', () => {
    expect(handoffKeyOf('abc')).toBe(handoffKeyOf('abc'));
    expect(handoffKeyOf('abc')).not.toBe(handoffKeyOf('abd'));
  });
});
