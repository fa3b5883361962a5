import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useNavigate } from '@mechabrim/routing';
import {
  Avatar,
  BookCover,
  Price,
  Stars,
  uiStrings,
  useClickOutside,
  useDebouncedValue,
} from '@mechabrim/ui';
import { useAuthorSearch, useBookSearch } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';
import {
  bioPreview,
  bookAuthor,
  moveHighlight,
  toSuggestions,
  type Suggestion,
} from './suggestions';
import './search-box.css';

const s = strings.header.search;
/** Spec §9: a request goes out 300 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Suggestions per kind (spec §9). */
export const SUGGESTION_LIMIT = 10;

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="search-box__icon">
      <path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.7 4.7-1.4 1.4-4.7-4.7A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
    </svg>
  );
}

function SuggestionRow({ item }: { item: Suggestion }) {
  if (item.kind === 'book') {
    const { book } = item;
    return (
      <>
        <span className="search-row__media search-row__media--cover">
          <BookCover src={book.coverImage} title={book.title} width={40} />
        </span>
        <span className="search-row__text">
          <span className="search-row__title">{book.title}</span>
          <span className="search-row__sub">
            {uiStrings.byAuthor(bookAuthor(book) ?? uiStrings.unknownAuthor)}
          </span>
          <Stars rating={book.rating} showValue />
        </span>
        <span className="search-row__price">
          <Price value={book.price} />
        </span>
      </>
    );
  }
  const { author } = item;
  return (
    <>
      <span className="search-row__media">
        <Avatar src={author.avatar} name={author.name} size={40} />
      </span>
      <span className="search-row__text">
        <span className="search-row__title">{author.name}</span>
        <span className="search-row__sub">
          {uiStrings.booksCount(author.booksCount ?? 0)}
          {author.bio ? ` · ${bioPreview(author.bio)}` : ''}
        </span>
        <Stars rating={author.averageRating} showValue />
      </span>
    </>
  );
}

/** Books and authors suggested for the text typed, once typing stops. */
function useSuggestions(text: string) {
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The same queries (and cache entries) as the storefront's search, at the suggestion limit.
  const books = useBookSearch(query, SUGGESTION_LIMIT);
  const authors = useAuthorSearch(query, SUGGESTION_LIMIT);
  const items = useMemo(
    () => toSuggestions(books.data ?? [], authors.data ?? []),
    [books.data, authors.data],
  );
  const loading =
    query.length > 0 && (books.isFetching || authors.isFetching) && items.length === 0;
  return { query, items, loading, bookCount: books.data?.length ?? 0 };
}

/**
 * Whether the suggestions list is open and which option is highlighted: a new query starts the
 * highlight over, a click outside the box closes the list.
 */
function useListOpening(rootRef: RefObject<HTMLDivElement | null>, query: string) {
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);

  useEffect(() => setHighlight(-1), [query]);

  const close = useCallback(() => {
    setOpen(false);
    setHighlight(-1);
  }, []);
  useClickOutside(rootRef, close, open);
  return { open, setOpen, highlight, setHighlight, close };
}

/**
 * The combobox's state: the text, whether the list is open and which option is highlighted, and
 * what the keys, a choice and a submit do.
 */
function useSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { query, items, loading, bookCount } = useSuggestions(text);
  const { open, setOpen, highlight, setHighlight, close } = useListOpening(rootRef, query);
  // The list shows once the debounced query matches what is typed (or while it is being typed, the last results).
  const show = open && text.trim().length > 0 && query.length > 0;

  const choose = (item: Suggestion) => {
    setText('');
    close();
    void navigate(item.href);
  };

  const submitSearch = () => {
    const q = text.trim();
    if (!q) return;
    close();
    void navigate(`/books?search=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        setHighlight((h) => moveHighlight(h, items.length, e.key as 'ArrowDown' | 'ArrowUp'));
        break;
      case 'Enter':
        e.preventDefault();
        if (show && highlight >= 0 && items[highlight]) choose(items[highlight]);
        else submitSearch();
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      default:
        break;
    }
  };

  const onTextChange = (value: string) => {
    setText(value);
    setOpen(value.trim().length > 0);
  };
  const onFocus = () => text.trim() && setOpen(true);

  return {
    text,
    query,
    items,
    loading,
    bookCount,
    show,
    highlight,
    rootRef,
    inputRef,
    setHighlight,
    choose,
    submitSearch,
    onKeyDown,
    onTextChange,
    onFocus,
  };
}

type SearchBoxState = ReturnType<typeof useSearchBox>;

type SuggestionListProps = {
  listId: string;
  items: readonly Suggestion[];
  highlight: number;
  /** How many of the items are books: the first author after them gets a divider. */
  bookCount: number;
  optionId: (index: number) => string;
  onHighlight: (index: number) => void;
  onChoose: (item: Suggestion) => void;
};

/** The suggested books, then authors, as the combobox's options. */
function SuggestionList({
  listId,
  items,
  highlight,
  bookCount,
  optionId,
  onHighlight,
  onChoose,
}: SuggestionListProps) {
  return (
    <ul id={listId} role="listbox" aria-label={s.suggestions} className="search-box__list">
      {items.map((item, i) => (
        // The keyboard picks an option in the input (arrows and Enter, with
        // aria-activedescendant), so the options themselves take only the pointer.
        // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
        <li
          key={`${item.kind}-${item.id}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === highlight}
          className={`search-row search-row--${item.kind}${i === highlight ? ' search-row--active' : ''}${
            item.kind === 'author' && i === bookCount ? ' search-row--first-author' : ''
          }`}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onHighlight(i)}
          onClick={() => onChoose(item)}
        >
          <SuggestionRow item={item} />
        </li>
      ))}
    </ul>
  );
}

type SearchPopupProps = {
  popupId: string;
  listId: string;
  optionId: (index: number) => string;
  search: SearchBoxState;
};

/** Under the box: the suggestions and a link to all the results, or why there are none (yet). */
function SearchPopup({ popupId, listId, optionId, search }: SearchPopupProps) {
  const { text, query, items, show, highlight } = search;
  return (
    <div id={popupId} className="search-box__popup" hidden={!show}>
      {items.length > 0 && (
        <SuggestionList
          listId={listId}
          items={items}
          highlight={highlight}
          bookCount={search.bookCount}
          optionId={optionId}
          onHighlight={search.setHighlight}
          onChoose={search.choose}
        />
      )}
      {show && items.length === 0 && (
        <p className="search-box__status" role="status">
          {search.loading || query !== text.trim() ? s.searching : s.noResults(query)}
        </p>
      )}
      {show && items.length > 0 && (
        <button
          type="button"
          className="search-box__all"
          onMouseDown={(e) => e.preventDefault()}
          onClick={search.submitSearch}
        >
          {s.allResults(text.trim())}
        </button>
      )}
    </div>
  );
}

/**
 * The header's search (spec §2, §4): books and authors suggested in parallel 300 ms after typing
 * stops, as an ARIA combobox. Arrows move the highlight, Enter opens it (or the full results),
 * Escape and a click outside close the list, choosing an item clears the box.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const search = useSearchBox();
  const { text, show, highlight } = search;
  const id = useId();
  const listId = `${id}-list`;
  const popupId = `${id}-popup`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className={`search-box ${className}`} ref={search.rootRef}>
      <form
        role="search"
        aria-label={s.label}
        className="search-box__form"
        onSubmit={(e) => (e.preventDefault(), search.submitSearch())}
      >
        <label htmlFor={`${id}-input`} className="mb-visually-hidden">
          {s.label}
        </label>
        <SearchIcon />
        <input
          ref={search.inputRef}
          id={`${id}-input`}
          className="search-box__input"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={s.placeholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={show}
          aria-controls={popupId}
          aria-activedescendant={show && highlight >= 0 ? optionId(highlight) : undefined}
          value={text}
          onChange={(e) => search.onTextChange(e.target.value)}
          onFocus={search.onFocus}
          onKeyDown={search.onKeyDown}
        />
      </form>
      <SearchPopup popupId={popupId} listId={listId} optionId={optionId} search={search} />
    </div>
  );
}
