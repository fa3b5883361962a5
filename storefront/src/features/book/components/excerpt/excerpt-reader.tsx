import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { ErrorState, Icon, Spinner } from '@mechabrim/ui';
import { fetchExcerpt } from '../../api/get-excerpt';
import { strings } from '../../../../strings.he';
import { openPdf, type Box, type ExcerptDocument } from './pdf-document';
import { actionForKey, actionForSwipe, pageAfter, type ReaderAction } from './reader-navigation';
import './excerpt-reader.css';

const s = strings.book.excerpt;

/** Downloads a book's excerpt and opens it (pdf.js); tests pass their own. */
export type OpenExcerpt = (bookId: string, signal: AbortSignal) => Promise<ExcerptDocument>;

export const openExcerpt: OpenExcerpt = async (bookId, signal) =>
  openPdf(await fetchExcerpt(bookId, signal));

export interface ExcerptReaderProps {
  bookId: string;
  title: string;
  /** Called on Esc, the close button or a click outside the page; the opener takes focus back. */
  onClose: () => void;
  open?: OpenExcerpt;
}

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; doc: ExcerptDocument };

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** The stage's room for a page (CSS pixels), less a small margin. */
function useStageBox(stage: HTMLElement | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!stage) return undefined;
    const measure = () => {
      const width = Math.max(120, stage.clientWidth - 16);
      const height = Math.max(160, stage.clientHeight - 16);
      setBox((old) =>
        old && old.width === width && old.height === height ? old : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);
  return box;
}

/**
 * The in-page excerpt reader: a modal dialog over the book page that shows the excerpt one page
 * at a time, right to left — the next page button sits on the left, ArrowLeft turns forward,
 * and on a phone dragging the page to the right brings in the next one. Esc, the close button or
 * a click beside the page closes it; Tab stays inside while it is open.
 */
export function ExcerptReader({ bookId, title, onClose, open = openExcerpt }: ExcerptReaderProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const box = useStageBox(stage);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [drawError, setDrawError] = useState(false);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);

  // Download and open the excerpt; a retry starts over.
  useEffect(() => {
    const controller = new AbortController();
    let opened: ExcerptDocument | null = null;
    setState({ status: 'loading' });
    open(bookId, controller.signal).then(
      (doc) => {
        if (controller.signal.aborted) {
          doc.destroy();
          return;
        }
        opened = doc;
        setPage(1);
        setState({ status: 'ready', doc });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof Error && /[\u0590-\u05FF]/.test(error.message)
            ? error.message
            : s.loadErrorText;
        setState({ status: 'error', message });
      },
    );
    return () => {
      controller.abort();
      opened?.destroy();
    };
  }, [bookId, open, attempt]);

  const doc = state.status === 'ready' ? state.doc : null;
  const total = doc?.pageCount ?? 0;

  // Draw the current page whenever it, the document or the room for it changes.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || !box) return;
    setDrawError(false);
    doc.renderPage(page, canvas, box, textRef.current).catch(() => setDrawError(true));
  }, [doc, page, box]);

  // While open: the page behind does not scroll, and focus starts on the close button.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const act = useCallback(
    (action: ReaderAction) => {
      if (action === 'close') onClose();
      else setPage((current) => pageAfter(action, current, total));
    },
    [onClose, total],
  );

  // Keys are read on the whole document while the reader is open, so they still work when the
  // focused control was just disabled (the last page's 'next').
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Tab') {
      // Keep focus inside the dialog: from the last control back to the first, and around.
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    const action = actionForKey(event.key);
    if (!action || (action !== 'close' && !doc)) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener('keydown', listener, true);
    return () => document.removeEventListener('keydown', listener, true);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId || !doc) return;
    const action = actionForSwipe(event.clientX - start.x, event.clientY - start.y);
    if (action) act(action);
  };

  // A click beside the page (on the dimmed backdrop) closes, as Esc does.
  const backdropRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const backdrop = backdropRef.current;
    if (!backdrop) return undefined;
    const listener = (event: MouseEvent) => {
      if (event.target === backdrop) onClose();
    };
    backdrop.addEventListener('mousedown', listener);
    return () => backdrop.removeEventListener('mousedown', listener);
  }, [onClose]);

  const pageLabel = total ? s.pageOf(page, total) : '';

  return createPortal(
    <div ref={backdropRef} className="excerpt-reader__backdrop" dir="rtl">
      <div
        ref={dialogRef}
        className="excerpt-reader"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="excerpt-reader"
      >
        <header className="excerpt-reader__head">
          <h2 id={titleId} className="excerpt-reader__title">
            {s.dialogTitle(title)}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="mb-button excerpt-reader__close"
            data-variant="ghost"
            onClick={onClose}
            aria-label={s.close}
            title={s.close}
          >
            <Icon name="close" />
          </button>
        </header>

        <div
          ref={setStage}
          className="excerpt-reader__stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          {state.status === 'loading' && <Spinner label={s.loading} />}
          {state.status === 'error' && (
            <ErrorState
              title={s.loadError}
              message={state.message}
              onRetry={() => setAttempt((n) => n + 1)}
            />
          )}
          {state.status === 'ready' && drawError && (
            <ErrorState
              title={s.loadError}
              message={s.loadErrorText}
              onRetry={() => setAttempt((n) => n + 1)}
            />
          )}
          {state.status === 'ready' && (
            <div className="excerpt-reader__sheet" hidden={drawError}>
              <canvas
                ref={canvasRef}
                className="excerpt-reader__page"
                role="img"
                aria-label={pageLabel}
                data-page={page}
              />
              {/* The page's words, transparent over the drawing: selectable, and read aloud. */}
              <div
                ref={textRef}
                className="textLayer excerpt-reader__text"
                dir="rtl"
                lang="he"
                data-testid="excerpt-text"
              />
            </div>
          )}
        </div>

        {state.status === 'ready' && (
          <footer className="excerpt-reader__nav">
            <button
              type="button"
              className="mb-button excerpt-reader__turn"
              data-variant="secondary"
              onClick={() => act('previous')}
              disabled={page <= 1}
              aria-label={s.previous}
              title={s.previous}
            >
              <Icon name="chevronRight" />
            </button>
            <p className="excerpt-reader__count" aria-live="polite" data-testid="excerpt-page">
              {pageLabel}
            </p>
            <button
              type="button"
              className="mb-button excerpt-reader__turn"
              data-variant="secondary"
              onClick={() => act('next')}
              disabled={page >= total}
              aria-label={s.next}
              title={s.next}
            >
              <Icon name="chevronLeft" />
            </button>
          </footer>
        )}
        <p className="excerpt-reader__hint">{s.keyboardHint}</p>
      </div>
    </div>,
    document.body,
  );
}

export default ExcerptReader;
