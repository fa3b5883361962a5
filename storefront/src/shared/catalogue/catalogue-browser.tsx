import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from '@mechabrim/routing';
import { type BookSort, type PriceBand } from '@mechabrim/contracts';
import { BOOK_CATEGORIES, BOOK_SORTS, PRICE_BANDS } from '@mechabrim/contracts/src/terms';
import { strings } from '../../strings.he';
import { CatalogueResults } from './catalogue-results';
import {
  apiParams,
  filtersFromParams,
  isFiltered,
  paramsWithFilters,
  type CatalogueFilters,
} from './catalogue-filters';

const s = strings.catalogue;
/** The search box writes the URL this long after typing stops (spec §4's search debounce). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CatalogueBrowserProps {
  /** A category page: the category is fixed by the path and has no control. */
  category?: string;
  /** The sorts offered (the category page's four of spec §2; the catalogue all of them). */
  sorts?: readonly BookSort[];
  /** The count line for a total (the category page says 'available'). */
  countText?: (total: number) => string;
  /** The empty state's title when nothing is filtered (no book at all). */
  emptyText?: string;
  /** The search box's label. */
  searchLabel?: string;
  /** Shown between the controls and the grid (the search's matching authors). */
  children?: ReactNode;
}

/**
 * The catalogue's grid with its controls: search over title, author name and tags, category,
 * price band and sort, all kept in the URL (so a view can be shared and the back button works),
 * a count that follows the filters, a 'load more' button, and loading, empty and error states.
 * Used by `/books` and by the category pages; the API filters, sorts and counts.
 */
export function CatalogueBrowser({
  category,
  sorts = BOOK_SORTS,
  countText = s.count,
  emptyText = s.noBooksAvailable,
  searchLabel = s.searchLabel,
  children,
}: CatalogueBrowserProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params, sorts);
  const fixedCategory = Boolean(category);

  /** Writes filters into the URL: a new history entry, or (while typing) the same one. */
  const update = (next: Partial<CatalogueFilters>, replace = false) => {
    const merged = { ...filters, ...next };
    if (fixedCategory) merged.category = undefined;
    setParams(paramsWithFilters(params, merged), { replace, preventScrollReset: true });
  };
  const clear = () =>
    update({ search: '', price: undefined, ...(fixedCategory ? {} : { category: undefined }) });

  // A category page's category comes from its path, never from the query.
  const query = apiParams(
    category ? { ...filters, category: category as CatalogueFilters['category'] } : filters,
  );
  const key = JSON.stringify(query);
  return (
    <div className="sf-catalogue">
      <CatalogueControls
        filters={filters}
        fixedCategory={fixedCategory}
        sorts={sorts}
        searchLabel={searchLabel}
        onChange={update}
        onClear={clear}
      />
      {children}
      <CatalogueResults
        key={key}
        params={query}
        filtered={isFiltered(filters, fixedCategory)}
        countText={countText}
        emptyText={emptyText}
        onClear={clear}
      />
    </div>
  );
}

/**
 * The search box's text. The box holds what is typed; the URL follows it after a pause, and the
 * box follows the URL when it changes from elsewhere (the back button, the header's search,
 * 'clear').
 */
function useSearchDraft(
  filters: CatalogueFilters,
  onChange: (next: Partial<CatalogueFilters>, replace?: boolean) => void,
) {
  const [draft, setDraft] = useState(filters.search);
  const typed = useRef(false);
  // Every navigation, not only a changed search: the router's updates are transitions, so the
  // pause's own write and a quick Back can land in one render whose search is the one drawn
  // before; the box, already holding the words, would keep them under an address without them.
  const { key: navigation } = useLocation();
  useEffect(() => {
    if (!typed.current) setDraft(filters.search);
  }, [filters.search, navigation]);
  useEffect(() => {
    if (!typed.current) return;
    // The page it was typed on: when a link (another category) leads away before the pause ends,
    // the router may already be on the new page while this one is still drawn, and the search
    // would be written into the new page's address.
    const typedOn = window.location.pathname;
    const t = setTimeout(() => {
      // Submitted (Enter) or cleared meanwhile: the URL already says what it should; writing this
      // render's older filters now would undo the newer ones.
      if (!typed.current || window.location.pathname !== typedOn) return;
      typed.current = false;
      if (draft.trim() !== filters.search) onChange({ search: draft }, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // onChange is a new function each render; the draft alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  const type = (text: string) => {
    typed.current = true;
    setDraft(text);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    typed.current = false;
    if (draft.trim() !== filters.search) onChange({ search: draft });
  };
  return { draft, type, submit };
}

type CatalogueControlsProps = {
  filters: CatalogueFilters;
  fixedCategory: boolean;
  sorts: readonly BookSort[];
  searchLabel: string;
  onChange: (next: Partial<CatalogueFilters>, replace?: boolean) => void;
  onClear: () => void;
};

function CatalogueControls({
  filters,
  fixedCategory,
  sorts,
  searchLabel,
  onChange,
  onClear,
}: CatalogueControlsProps) {
  const ids = {
    search: useId(),
    sort: useId(),
    category: useId(),
    price: useId(),
    panel: useId(),
  };
  const { draft, type, submit } = useSearchDraft(filters, onChange);

  const active = (fixedCategory ? 0 : filters.category ? 1 : 0) + (filters.price ? 1 : 0);
  const [open, setOpen] = useState(active > 0);

  return (
    <form
      className="sf-catalogue__controls"
      role="search"
      aria-label={s.controls}
      onSubmit={submit}
    >
      <div className="sf-toolbar sf-catalogue__bar">
        <CatalogueSearchField id={ids.search} label={searchLabel} draft={draft} onType={type} />
        <div className="sf-field">
          <label htmlFor={ids.sort}>{strings.common.sortBy}</label>
          <select
            id={ids.sort}
            className="sf-select"
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value as BookSort })}
          >
            {sorts.map((o) => (
              <option key={o} value={o}>
                {strings.sorts[o]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="mb-button sf-catalogue__toggle"
          data-variant="secondary"
          aria-expanded={open}
          aria-controls={ids.panel}
          onClick={() => setOpen((v) => !v)}
        >
          {active ? s.filtersActive(active) : s.filters}
        </button>
      </div>
      <CatalogueFilterPanel
        ids={ids}
        open={open}
        filters={filters}
        fixedCategory={fixedCategory}
        onChange={onChange}
        onClear={onClear}
      />
    </form>
  );
}

type CatalogueSearchFieldProps = {
  id: string;
  label: string;
  /** What the box holds (the URL follows it after a pause). */
  draft: string;
  onType: (text: string) => void;
};

/** The search box and its submit button. */
function CatalogueSearchField({ id, label, draft, onType }: CatalogueSearchFieldProps) {
  return (
    <div className="sf-field sf-field--grow">
      <label htmlFor={id}>{label}</label>
      <div className="sf-catalogue__search">
        <input
          id={id}
          type="search"
          className="sf-input"
          name="search"
          placeholder={s.searchPlaceholder}
          value={draft}
          maxLength={100}
          enterKeyHint="search"
          onChange={(e) => onType(e.target.value)}
        />
        <button type="submit" className="mb-button" data-variant="secondary">
          {s.searchSubmit}
        </button>
      </div>
    </div>
  );
}

type CatalogueFilterPanelProps = {
  /** The ids of the panel and of its controls (for their labels). */
  ids: { panel: string; category: string; price: string };
  open: boolean;
  filters: CatalogueFilters;
  fixedCategory: boolean;
  onChange: (next: Partial<CatalogueFilters>) => void;
  onClear: () => void;
};

/** The filters the toggle opens: category (unless the page fixes it), price band and 'clear'. */
function CatalogueFilterPanel({
  ids,
  open,
  filters,
  fixedCategory,
  onChange,
  onClear,
}: CatalogueFilterPanelProps) {
  const narrowed = isFiltered(filters, fixedCategory);
  return (
    <fieldset id={ids.panel} className="sf-catalogue__panel" hidden={!open}>
      <legend className="mb-visually-hidden">{s.filters}</legend>
      {!fixedCategory && (
        <div className="sf-field">
          <label htmlFor={ids.category}>{s.category}</label>
          <select
            id={ids.category}
            className="sf-select"
            value={filters.category ?? ''}
            onChange={(e) =>
              onChange({
                category: (e.target.value || undefined) as CatalogueFilters['category'],
              })
            }
          >
            <option value="">{s.allCategories}</option>
            {BOOK_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="sf-field">
        <label htmlFor={ids.price}>{s.price}</label>
        <select
          id={ids.price}
          className="sf-select"
          value={filters.price ?? ''}
          onChange={(e) => onChange({ price: (e.target.value || undefined) as PriceBand })}
        >
          <option value="">{s.allPrices}</option>
          {PRICE_BANDS.map((b) => (
            <option key={b} value={b}>
              {s.priceBands[b]}
            </option>
          ))}
        </select>
      </div>
      {narrowed && (
        <button type="button" className="mb-button" data-variant="ghost" onClick={onClear}>
          {s.clear}
        </button>
      )}
    </fieldset>
  );
}
