import { useState } from 'react';
import type { Book } from '@mechabrim/contracts';
import { useQueryClient } from '@mechabrim/query';
import { Link, useLocation } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { formatDate } from '@mechabrim/hebrew';
import { BookCover, EmptyState, ErrorState, Icon, Price, Tabs, formatRating } from '@mechabrim/ui';
import {
  authorBooksKey,
  standingOf,
  useAuthorBooks,
  type BookStanding,
} from '../../../shared/author-books';
import { reasonOf } from '../../../shared/errors';
import { PreflightReport } from '../../../shared/preflight-report';
import { strings } from '../../../strings.he';
import { deleteBook, setBookAvailability } from '../api/manage-book';
import './books.css';
import type { Notice } from '../../../shared/notice';

const s = strings.books;

const TABS = ['all', 'available', 'pending'] as const;
type Tab = (typeof TABS)[number];

/** Which tab a book is listed under besides "all" (spec §4: not available reads as pending). */
const inTab = (book: Book, tab: Tab) =>
  tab === 'all' || (tab === 'available') === (standingOf(book) === 'available');

const TONES: Record<BookStanding, 'success' | 'danger' | undefined> = {
  available: 'success',
  pending: undefined,
  hidden: undefined,
  rejected: 'danger',
};

/** The book's newest edit, waiting or not approved, with what it changes (issue 27 item 11). */
function LatestEdit({ book }: { book: Book }) {
  const edit = book.latestEdit;
  if (!edit) return null;
  const changed = edit.changed.map((field) => s.editFields[field]).join(', ');
  return (
    <div className="ap-book__edit" data-testid="book-edit" data-state={edit.status}>
      <span className="ap-badge" data-tone={edit.status === 'rejected' ? 'danger' : undefined}>
        {s.editState[edit.status](formatDate(edit.submittedAt))}
      </span>
      {changed ? <p className="ap-book__meta">{s.editChanged(changed)}</p> : null}
      {edit.status === 'rejected' && edit.reason ? (
        <p className="ap-book__reason">{s.editReason(edit.reason)}</p>
      ) : null}
    </div>
  );
}

type BookItemProps = { book: Book; onNotice: (notice: Notice) => void };

/** Hide/show and delete for one book, each reporting back through the page's notice. */
function useBookItemActions({ book, onNotice }: BookItemProps) {
  const queryClient = useQueryClient();
  const authorId = useSession((state) => state.user?._id ?? '');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: authorBooksKey(authorId) });

  const toggle = async () => {
    setBusy(true);
    try {
      await setBookAvailability(book._id, !book.isAvailable);
      onNotice({
        tone: 'done',
        text: book.isAvailable ? s.hidden(book.title) : s.shown(book.title),
      });
      await refresh();
    } catch (error) {
      onNotice({ tone: 'error', text: s.statusFailed(reasonOf(error, s.loadError)) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteBook(book._id);
      onNotice({ tone: 'done', text: s.deleted(book.title) });
      setConfirming(false);
      await refresh();
    } catch (error) {
      onNotice({ tone: 'error', text: s.deleteFailed(reasonOf(error, s.loadError)) });
    } finally {
      setBusy(false);
    }
  };

  return { confirming, setConfirming, busy, toggle, remove };
}

type BookItemActions = ReturnType<typeof useBookItemActions>;

type BookActionsProps = { book: Book; standing: BookStanding; actions: BookItemActions };

function BookActions({ book, standing, actions }: BookActionsProps) {
  const { busy, toggle, setConfirming } = actions;
  return (
    <div className="ap-book__actions">
      <Link className="mb-button" data-variant="secondary" to={`/book/edit/${book._id}`}>
        {s.edit}
        <span className="mb-visually-hidden"> {book.title}</span>
      </Link>
      {(standing === 'available' || standing === 'hidden') && (
        <button
          type="button"
          className="mb-button"
          data-variant="ghost"
          disabled={busy}
          onClick={() => void toggle()}
        >
          {book.isAvailable ? s.hide : s.show}
          <span className="mb-visually-hidden"> {book.title}</span>
        </button>
      )}
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {s.delete}
        <span className="mb-visually-hidden"> {book.title}</span>
      </button>
    </div>
  );
}

type ConfirmDeleteProps = { book: Book; actions: BookItemActions };

function ConfirmDelete({ book, actions }: ConfirmDeleteProps) {
  const { busy, remove, setConfirming } = actions;
  return (
    <div
      className="ap-confirm"
      role="alertdialog"
      aria-label={s.delete}
      aria-describedby={`confirm-${book._id}`}
    >
      <p id={`confirm-${book._id}`}>{s.confirmDelete(book.title)}</p>
      <button type="button" className="mb-button" disabled={busy} onClick={() => void remove()}>
        {s.confirmYes}
      </button>
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={busy}
        onClick={() => setConfirming(false)}
      >
        {s.confirmNo}
      </button>
    </div>
  );
}

/** The book's sales, rating and price on one line. */
function BookFigures({ book }: { book: Book }) {
  return (
    <p className="ap-book__figures">
      <span>{s.sales(book.salesCount)}</span>
      <span>
        {book.totalRatings ? <Icon name="star" /> : null}{' '}
        {s.rating(formatRating(book.rating), book.totalRatings)}
      </span>
      <Price value={book.price} />
    </p>
  );
}

function BookItem({ book, onNotice }: BookItemProps) {
  const actions = useBookItemActions({ book, onNotice });
  const standing = standingOf(book);

  return (
    <li
      className="ap-card ap-book"
      data-testid="book-card"
      data-standing={standing}
      data-has-report={book.preflight ? '' : undefined}
    >
      <BookCover src={book.coverImage} title={book.title} width={96} className="ap-cover" />
      <div className="ap-book__body">
        <h2 className="ap-book__title">{book.title}</h2>
        <p className="ap-book__meta">{book.category || s.noCategory}</p>
        <p>
          <span className="ap-badge" data-tone={TONES[standing]}>
            {s.status[standing]}
          </span>
        </p>
        {standing === 'rejected' && book.moderationReason ? (
          <p className="ap-book__reason">{s.rejectedReason(book.moderationReason)}</p>
        ) : null}
        <LatestEdit book={book} />
        <BookFigures book={book} />
        <BookActions book={book} standing={standing} actions={actions} />
        {actions.confirming && <ConfirmDelete book={book} actions={actions} />}
      </div>
      {/* The print preflight of an uploaded book, across the whole card (issue 27 item 13). */}
      {book.preflight ? (
        <div className="ap-book__report">
          <PreflightReport report={book.preflight} />
        </div>
      ) : null}
    </li>
  );
}

/** `/author-dashboard/books`: the author's books by tab, with edit, hide/show and delete. */
export function BooksPage() {
  const books = useAuthorBooks();
  // Arriving from the upload screen: its message, and the pending tab where the new book waits.
  const { state } = useLocation() as { state: { uploaded?: string; message?: string } | null };
  const uploaded = typeof state?.message === 'string' ? state.message : null;
  const [tab, setTab] = useState<Tab>(uploaded ? 'pending' : 'all');
  const [notice, setNotice] = useState<Notice | null>(
    uploaded ? { tone: 'done', text: uploaded } : null,
  );

  const title = (
    <h1 id="ap-books-title" className="ap-title">
      {strings.screens.books}
    </h1>
  );
  if (books.isError) {
    return (
      <section aria-labelledby="ap-books-title">
        {title}
        <ErrorState
          message={s.loadError}
          onRetry={() => void books.refetch()}
          retryLabel={s.retry}
        />
      </section>
    );
  }
  if (books.isPending) {
    return (
      <section aria-labelledby="ap-books-title">
        {title}
        <p role="status">{strings.loading}</p>
      </section>
    );
  }
  const list = books.data;
  const shown = list.filter((book) => inTab(book, tab));
  return (
    <section aria-labelledby="ap-books-title">
      {title}
      <Tabs
        label={s.tabsLabel}
        tabs={TABS.map((key) => ({
          key,
          label: s.tabs[key],
          count: list.filter((book) => inTab(book, key)).length,
        }))}
        selected={tab}
        onSelect={setTab}
      />
      {notice && (
        <p
          className="ap-banner"
          data-tone={notice.tone}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <div role="tabpanel" aria-label={s.tabs[tab]}>
        {shown.length === 0 ? (
          <EmptyState
            title={tab === 'all' ? s.empty : s.emptyTab}
            action={
              tab === 'all' ? (
                <Link className="mb-button" to="/book/upload">
                  {s.addNew}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul className="ap-books">
            {shown.map((book) => (
              <BookItem key={book._id} book={book} onNotice={setNotice} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
