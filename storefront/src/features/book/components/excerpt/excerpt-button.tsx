import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { Spinner } from '@mechabrim/ui';
import { strings } from '../../../../strings.he';
import './excerpt-button.css';

const s = strings.book;

// The reader and pdf.js are their own chunks: the book page's first load does not carry them.
const ExcerptReader = lazy(
  () => import(/* webpackChunkName: "excerpt-reader" */ './excerpt-reader'),
);

/** The book page's 'read excerpt' button and the reader it opens; focus comes back to it. */
export function ExcerptButton({ bookId, title }: { bookId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="mb-button"
        data-variant="ghost"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {s.readExcerpt}
      </button>
      {open && (
        <Suspense
          fallback={
            <div className="excerpt-reader__backdrop">
              <div className="excerpt-reader__pending">
                <Spinner label={s.excerpt.loading} />
              </div>
            </div>
          }
        >
          <ExcerptReader bookId={bookId} title={title} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
