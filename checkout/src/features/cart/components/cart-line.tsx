import { Link } from '@mechabrim/routing';
import type { CartLine } from '@mechabrim/cart-store';
import { lineTotal, MAX_LINE_QUANTITY, toAgorot, toShekels } from '@mechabrim/money';
import { BookCover, Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';

const s = strings.cart;

/** What the catalogue says about the line's book now. */
export type LineStatus =
  | { kind: 'checking' }
  | { kind: 'current' }
  | { kind: 'price-changed'; previousPrice: number }
  | { kind: 'unavailable' };

function authorName(book: CartLine['book']): string {
  const { author } = book;
  if (typeof author === 'string') return author || s.unknownAuthor;
  if (author?.name) return author.name;
  return typeof book.authorName === 'string' && book.authorName ? book.authorName : s.unknownAuthor;
}

export interface CartLineViewProps {
  line: CartLine;
  status: LineStatus;
  /** Fading out before it leaves the cart (spec §9: 300 ms). */
  removing: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** The first lines' covers are in view at once: loaded eagerly and first (the page's LCP). */
  priority?: boolean;
}

type CartLineUnitPriceProps = {
  price: number;
  status: LineStatus;
};

/** The unit price; a price the catalogue changed shows the old one struck out beside the new. */
function CartLineUnitPrice({ price, status }: CartLineUnitPriceProps) {
  return (
    <p className="cart-line__unit">
      <span className="mb-visually-hidden">{s.unitPrice}: </span>
      {status.kind === 'price-changed' && (
        <>
          <del className="cart-line__old-price" aria-label={s.oldPrice}>
            <Price value={status.previousPrice} />
          </del>{' '}
          <ins className="cart-line__new-price" aria-label={s.newPrice}>
            <Price value={price} />
          </ins>{' '}
          <span className="cart-line__notice" data-kind="price-changed">
            {s.priceChanged}
          </span>
        </>
      )}
      {status.kind !== 'price-changed' && <Price value={price} />}
    </p>
  );
}

type CartLineInfoProps = {
  line: CartLine;
  status: LineStatus;
  /** The id of the quantity group's label; `${quantityId}-max` is the max-copies notice's. */
  quantityId: string;
};

/** The line's title, author and unit price, or why it cannot be ordered any more (or more of). */
function CartLineInfo({ line, status, quantityId }: CartLineInfoProps) {
  const { book, quantity } = line;
  const unavailable = status.kind === 'unavailable';
  return (
    <div className="cart-line__info">
      <Link to={`/book/${book._id}`} className="cart-line__title">
        {book.title}
      </Link>
      <p className="cart-line__author">{s.byAuthor(authorName(book))}</p>
      {unavailable ? (
        <p className="cart-line__notice" data-kind="unavailable">
          {s.unavailable}
        </p>
      ) : (
        <CartLineUnitPrice price={book.price} status={status} />
      )}
      {!unavailable && quantity >= MAX_LINE_QUANTITY && (
        <p className="cart-line__notice" data-kind="max-copies" id={`${quantityId}-max`}>
          {s.maxCopies(MAX_LINE_QUANTITY)}
        </p>
      )}
    </div>
  );
}

type CartLineQuantityProps = {
  title: string;
  quantity: number;
  /** The id of the group's hidden label; `${quantityId}-max` is the max-copies notice's. */
  quantityId: string;
  removing: boolean;
  onQuantity: (quantity: number) => void;
};

/** The line's + and − buttons around its announced count of copies. */
function CartLineQuantity({
  title,
  quantity,
  quantityId,
  removing,
  onQuantity,
}: CartLineQuantityProps) {
  return (
    <div className="cart-line__quantity" role="group" aria-labelledby={quantityId}>
      <span id={quantityId} className="mb-visually-hidden">
        {s.quantity}
      </span>
      <button
        type="button"
        className="cart-line__step"
        aria-label={s.increase(title)}
        onClick={() => onQuantity(quantity + 1)}
        disabled={removing || quantity >= MAX_LINE_QUANTITY}
        aria-describedby={quantity >= MAX_LINE_QUANTITY ? `${quantityId}-max` : undefined}
      >
        +
      </button>
      <output className="cart-line__count" aria-live="polite" aria-atomic="true">
        <span aria-hidden="true">{quantity}</span>
        <span className="mb-visually-hidden">{s.quantityOf(title, quantity)}</span>
      </output>
      <button
        type="button"
        className="cart-line__step"
        aria-label={s.decrease(title)}
        onClick={() => onQuantity(quantity - 1)}
        // The cart page's minimum is one copy (spec §9); removing is the remove button's job.
        disabled={quantity <= 1 || removing}
      >
        −
      </button>
    </div>
  );
}

/** One cart line: cover, title, author, unit price, quantity controls and the line's total. */
export function CartLineView({
  line,
  status,
  removing,
  onQuantity,
  onRemove,
  priority = false,
}: CartLineViewProps) {
  const { book, quantity } = line;
  const unavailable = status.kind === 'unavailable';
  const quantityId = `cart-quantity-${book._id}`;
  return (
    <li
      className="cart-line"
      data-testid="cart-line"
      data-book-id={book._id}
      data-removing={removing || undefined}
      data-unavailable={unavailable || undefined}
    >
      <Link to={`/book/${book._id}`} className="cart-line__cover" tabIndex={-1} aria-hidden="true">
        <BookCover src={book.coverImage} title={book.title} width={80} priority={priority} />
      </Link>
      <CartLineInfo line={line} status={status} quantityId={quantityId} />
      {!unavailable && (
        <CartLineQuantity
          title={book.title}
          quantity={quantity}
          quantityId={quantityId}
          removing={removing}
          onQuantity={onQuantity}
        />
      )}
      <p className="cart-line__total">
        {!unavailable && (
          <>
            <span className="mb-visually-hidden">{s.lineTotal}: </span>
            <Price value={toShekels(lineTotal(toAgorot(book.price), quantity))} />
          </>
        )}
      </p>
      <button
        type="button"
        className="mb-button cart-line__remove"
        data-variant="secondary"
        onClick={onRemove}
        disabled={removing}
      >
        {s.remove}
        <span className="mb-visually-hidden">{s.removeWhat(book.title)}</span>
      </button>
    </li>
  );
}
