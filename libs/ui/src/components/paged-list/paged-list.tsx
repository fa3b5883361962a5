import { Fragment, type ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '../empty-state/empty-state';
import { ErrorState, type ErrorStateProps } from '../error-state/error-state';
import { Pager } from '../pager/pager';
import { Tabs, type TabsProps } from '../tabs/tabs';

/** One page of a server-paged list, as the API answers it. */
export interface PagedResult<Item> {
  items: readonly Item[];
  /** How many items all the pages hold. */
  total: number;
  /** Whether the server has a page after this one. */
  hasMore: boolean;
}

export interface PagedListProps<Item, Key extends string> {
  /** The page shown; undefined until the first answer arrives. */
  result: PagedResult<Item> | undefined;
  /** The last request failed: an error with a retry while there is nothing to show. */
  failed: boolean;
  onRetry: () => void;
  /** A new page is being fetched (aria-busy on the list). */
  busy?: boolean;
  /** The page shown, from 1, and the server's page size. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Each item's row (an `<li>`), drawn by the screen. */
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item) => string;
  listClassName: string;
  /** What stands in while the first answer is awaited. */
  loading: ReactNode;
  error: Pick<ErrorStateProps, 'title' | 'message' | 'retryLabel'>;
  empty: EmptyStateProps;
  pager: {
    /** The pager's name for screen readers, or a name that says the page. */
    label: string | ((page: number, pages: number) => string);
    previous?: string;
    next?: string;
  };
  /** Filter tabs over the list; the list is then their tab panel. */
  tabs?: TabsProps<Key>;
}

/**
 * The scaffold of a paged list of orders (the buyer's `/orders`, the author's orders): its
 * tabs, the loading, error-with-retry and empty states, the rows and the pager. A later page
 * that came back empty keeps its pager, so the reader can go back; only the first says 'none'.
 */
export function PagedList<Item, Key extends string = string>(props: PagedListProps<Item, Key>) {
  const { result, page, pageSize, tabs } = props;
  const pages = result ? Math.max(1, Math.ceil(result.total / pageSize)) : 1;
  const { label, previous, next } = props.pager;
  const body =
    props.failed && !result ? (
      <ErrorState {...props.error} onRetry={props.onRetry} />
    ) : !result ? (
      props.loading
    ) : result.items.length === 0 && page === 1 ? (
      <EmptyState {...props.empty} />
    ) : (
      <>
        <ul className={props.listClassName} aria-busy={props.busy || undefined}>
          {result.items.map((item) => (
            <Fragment key={props.itemKey(item)}>{props.renderItem(item)}</Fragment>
          ))}
        </ul>
        <Pager
          page={page}
          pages={pages}
          hasMore={result.hasMore}
          onPage={props.onPage}
          label={typeof label === 'string' ? label : label(page, pages)}
          previous={previous}
          next={next}
        />
      </>
    );
  if (!tabs) return <>{body}</>;
  const selected = tabs.tabs.find((tab) => tab.key === tabs.selected);
  return (
    <>
      <Tabs {...tabs} />
      <div role="tabpanel" aria-label={selected?.label}>
        {body}
      </div>
    </>
  );
}
