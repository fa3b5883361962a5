import { Types } from 'mongoose';
import { DomainError } from '../common/errors/domain-error';
import { mergeItems, priceOrder, type CatalogueBook } from './order-pricing';

const book = (title: string, price: number, isAvailable = true): CatalogueBook => ({
  _id: new Types.ObjectId(),
  title,
  author: new Types.ObjectId(),
  price,
  isAvailable,
});

const idOf = (b: CatalogueBook) => b._id.toHexString();
const centre = { method: 'standard', region: 'israel-centre' } as const;

describe('order pricing', () => {
  it('prices every line from the catalogue, in agorot', () => {
    const a = book('א', 39.9);
    const b = book('ב', 54.5);
    const priced = priceOrder(
      new Map([
        [idOf(a), 2],
        [idOf(b), 1],
      ]),
      [a, b],
      centre,
    );
    expect(priced.lines.map((l) => l.priceAgorot)).toEqual([3990, 5450]);
    expect(priced.subtotalAgorot).toBe(13430);
    expect(priced.donationAgorot).toBe(1343);
    expect(priced.shipping.price).toBe(1500);
    expect(priced.amountDueAgorot).toBe(14930);
  });

  it('ships free by the copies rule (4 copies) and charges next day in the centre', () => {
    const a = book('א', 20);
    const four = priceOrder(new Map([[idOf(a), 4]]), [a], centre);
    expect(four.shipping).toMatchObject({ price: 0, freeBecause: 'book-count' });
    expect(four.amountDueAgorot).toBe(8000);
    const nextDay = priceOrder(new Map([[idOf(a), 1]]), [a], {
      method: 'next-day',
      region: 'israel-sharon',
    });
    expect(nextDay.amountDueAgorot).toBe(2000 + 3500);
  });

  it('refuses withdrawn and unknown books, naming the withdrawn ones', () => {
    const on = book('על המדף', 30);
    const off = book('ירד מהמדף', 30, false);
    const unknown = new Types.ObjectId().toHexString();
    let caught: unknown;
    try {
      priceOrder(
        new Map([
          [idOf(on), 1],
          [idOf(off), 1],
          [unknown, 1],
        ]),
        [on, off],
        centre,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).type).toBe('conflict');
    expect((caught as DomainError).message).toContain('ירד מהמדף');
    expect((caught as DomainError).message).toContain('ספר שאינו קיים עוד בקטלוג');
    expect((caught as DomainError).message).not.toContain('על המדף');
  });

  it('refuses a method that does not reach the region', () => {
    const a = book('א', 30);
    expect(() =>
      priceOrder(new Map([[idOf(a), 1]]), [a], {
        method: 'international',
        region: 'israel-centre',
      }),
    ).toThrow(DomainError);
  });

  it('merges lines of one book and refuses more than 99 copies in all', () => {
    const id = new Types.ObjectId().toHexString();
    expect(
      mergeItems([
        { id, quantity: 2 },
        { id: id.toUpperCase(), quantity: 3 },
      ]).get(id),
    ).toBe(5);
    expect(() =>
      mergeItems([
        { id, quantity: 60 },
        { id, quantity: 40 },
      ]),
    ).toThrow(DomainError);
  });
});
