import { uiStrings } from '../../strings.he';
import './pager.css';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  pages: number;
  /** Whether the server has a page after this one. */
  hasMore: boolean;
  onPage: (page: number) => void;
  /** The navigation's name for screen readers (e.g. 'עמודי ההזמנות'). */
  label: string;
  /** The buttons' text; 'הקודם' and 'הבא' unless the screen names them (e.g. newer, older). */
  previous?: string;
  next?: string;
}

/** Previous / 'page N of M' / next under a paged list; nothing when there is one page. */
export function Pager({ page, pages, hasMore, onPage, label, previous, next }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="mb-pager" aria-label={label}>
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={page <= 1}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        {previous ?? uiStrings.pagerPrevious}
      </button>
      <span>{uiStrings.pageOf(page, pages)}</span>
      <button
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
      >
        {next ?? uiStrings.pagerNext}
      </button>
    </nav>
  );
}
