import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { createPortal } from 'react-dom';
import { ErrorState, Icon, Spinner } from '@mechabrim/ui';
import { fetchExcerpt } from '../../api/get-excerpt';
import { strings } from '../../../../strings.he';
import { openPdf, type Box, type ExcerptDocument } from './pdf-document';
import {
  useBackdropClose,
  useModalOpening,
  useReaderKeys,
  useStageBox,
  useSwipe,
  type SwipeHandlers,
} from './reader-dialog-hooks';
import { pageAfter, type ReaderAction } from './reader-navigation';
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

type ExcerptLoad = {
  state: State;
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** Downloads and opens the excerpt again, after a failure. */
  retry: () => void;
};

/** The excerpt, downloaded and opened (and closed again when the reader goes), and its page. */
function useExcerptDocument(bookId: string, open: OpenExcerpt): ExcerptLoad {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);

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

  return { state, page, setPage, retry: () => setAttempt((n) => n + 1) };
}

/** The canvas and text layer the current page is drawn into, and whether drawing it failed. */
function usePageDrawing(doc: ExcerptDocument | null, page: number, box: Box | null) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [drawError, setDrawError] = useState(false);

  // Draw the current page whenever it, the document or the room for it changes.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || !box) return;
    setDrawError(false);
    doc.renderPage(page, canvas, box, textRef.current).catch(() => setDrawError(true));
  }, [doc, page, box]);

  return { canvasRef, textRef, drawError };
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
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const box = useStageBox(stage);
  const { state, page, setPage, retry } = useExcerptDocument(bookId, open);
  const doc = state.status === 'ready' ? state.doc : null;
  const total = doc?.pageCount ?? 0;
  const { canvasRef, textRef, drawError } = usePageDrawing(doc, page, box);
  const closeRef = useModalOpening();

  const act = useCallback(
    (action: ReaderAction) => {
      if (action === 'close') onClose();
      else setPage((current) => pageAfter(action, current, total));
    },
    [onClose, setPage, total],
  );
  useReaderKeys(dialogRef, doc, act);
  const swipeHandlers = useSwipe(doc, act);
  const backdropRef = useBackdropClose(onClose);

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
        <ExcerptReaderHeader
          titleId={titleId}
          title={title}
          closeRef={closeRef}
          onClose={onClose}
        />
        <ExcerptStage
          stageRef={setStage}
          swipeHandlers={swipeHandlers}
          state={state}
          drawError={drawError}
          onRetry={retry}
          canvasRef={canvasRef}
          textRef={textRef}
          page={page}
          pageLabel={pageLabel}
        />
        {state.status === 'ready' && (
          <ExcerptPageTurns page={page} total={total} pageLabel={pageLabel} onTurn={act} />
        )}
        <p className="excerpt-reader__hint">{s.keyboardHint}</p>
      </div>
    </div>,
    document.body,
  );
}

type ExcerptReaderHeaderProps = {
  titleId: string;
  title: string;
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
};

/** The dialog's title (the book's name) and its close button. */
function ExcerptReaderHeader({ titleId, title, closeRef, onClose }: ExcerptReaderHeaderProps) {
  return (
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
  );
}

type ExcerptStageProps = {
  /** Receives the stage element, whose size is the room for a page. */
  stageRef: (stage: HTMLDivElement | null) => void;
  swipeHandlers: SwipeHandlers;
  state: State;
  drawError: boolean;
  onRetry: () => void;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  textRef: RefObject<HTMLDivElement | null>;
  page: number;
  pageLabel: string;
};

/** Where the page is shown: loading, the failure to open or draw it, or the page itself. */
function ExcerptStage(props: ExcerptStageProps) {
  const { state, drawError, onRetry, swipeHandlers } = props;
  return (
    <div
      ref={props.stageRef}
      className="excerpt-reader__stage"
      onPointerDown={swipeHandlers.onPointerDown}
      onPointerUp={swipeHandlers.onPointerUp}
      onPointerCancel={swipeHandlers.onPointerCancel}
    >
      {state.status === 'loading' && <Spinner label={s.loading} />}
      {state.status === 'error' && (
        <ErrorState title={s.loadError} message={state.message} onRetry={onRetry} />
      )}
      {state.status === 'ready' && drawError && (
        <ErrorState title={s.loadError} message={s.loadErrorText} onRetry={onRetry} />
      )}
      {state.status === 'ready' && (
        <div className="excerpt-reader__sheet" hidden={drawError}>
          <canvas
            ref={props.canvasRef}
            className="excerpt-reader__page"
            role="img"
            aria-label={props.pageLabel}
            data-page={props.page}
          />
          {/* The page's words, transparent over the drawing: selectable, and read aloud. */}
          <div
            ref={props.textRef}
            className="textLayer excerpt-reader__text"
            dir="rtl"
            lang="he"
            data-testid="excerpt-text"
          />
        </div>
      )}
    </div>
  );
}

type ExcerptPageTurnsProps = {
  page: number;
  total: number;
  pageLabel: string;
  onTurn: (action: ReaderAction) => void;
};

/** The previous and next buttons (right to left) around which page of how many is shown. */
function ExcerptPageTurns({ page, total, pageLabel, onTurn }: ExcerptPageTurnsProps) {
  return (
    <footer className="excerpt-reader__nav">
      <button
        type="button"
        className="mb-button excerpt-reader__turn"
        data-variant="secondary"
        onClick={() => onTurn('previous')}
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
        onClick={() => onTurn('next')}
        disabled={page >= total}
        aria-label={s.next}
        title={s.next}
      >
        <Icon name="chevronLeft" />
      </button>
    </footer>
  );
}

export default ExcerptReader;
