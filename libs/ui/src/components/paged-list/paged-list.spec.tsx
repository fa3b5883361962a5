import { fireEvent, render, screen, within } from '@testing-library/react';
import { PagedList, type PagedListProps, type PagedResult } from './paged-list';

type Row = { id: string; name: string };
const rows = (...names: string[]): Row[] => names.map((name) => ({ id: name, name }));

function list(
  result: PagedResult<Row> | undefined,
  more: Partial<PagedListProps<Row, 'all' | 'open'>> = {},
) {
  const props: PagedListProps<Row, 'all' | 'open'> = {
    result,
    failed: false,
    onRetry: jest.fn(),
    page: 1,
    pageSize: 2,
    onPage: jest.fn(),
    renderItem: (row) => <li>{row.name}</li>,
    itemKey: (row) => row.id,
    listClassName: 'rows',
    loading: <p role="status">טוען…</p>,
    error: { message: 'הטעינה נכשלה', retryLabel: 'לנסות שוב' },
    empty: { title: 'אין כלום' },
    pager: { label: 'עמודי השורות' },
    ...more,
  };
  return { props, ...render(<PagedList {...props} />) };
}

describe('paged list', () => {
  it('waits, then fails with a retry while it has nothing to show', () => {
    const { props, rerender } = list(undefined);
    expect(screen.getByRole('status').textContent).toBe('טוען…');
    rerender(<PagedList {...props} failed />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('הטעינה נכשלה');
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows it has when a later request fails', () => {
    list({ items: rows('א'), total: 1, hasMore: false }, { failed: true });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('א');
  });

  it('draws the rows with a pager that counts the pages and moves', () => {
    const { props } = list({ items: rows('א', 'ב'), total: 5, hasMore: true }, { busy: true });
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['א', 'ב']);
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
    const pager = screen.getByRole('navigation', { name: 'עמודי השורות' });
    expect(pager.textContent).toContain('עמוד 1 מתוך 3');
    fireEvent.click(within(pager).getByRole('button', { name: 'הבא' }));
    expect(props.onPage).toHaveBeenCalledWith(2);
  });

  it('says none on the first page only: an empty later page keeps its way back', () => {
    const { props, rerender } = list({ items: [], total: 0, hasMore: false });
    expect(screen.getByTestId('empty-state').textContent).toBe('אין כלום');
    rerender(
      <PagedList
        {...props}
        page={2}
        result={{ items: [], total: 3, hasMore: false }}
        pager={{ label: (page, pages) => `עמוד ${page} מתוך ${pages}` }}
      />,
    );
    expect(screen.queryByTestId('empty-state')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'עמוד 2 מתוך 2' })).toBeTruthy();
  });

  it('puts the list in the panel of the chosen tab, the tabs with their counts', () => {
    const onSelect = jest.fn();
    list(
      { items: rows('א'), total: 1, hasMore: false },
      {
        tabs: {
          label: 'סינון',
          tabs: [
            { key: 'all', label: 'הכול', count: 3 },
            { key: 'open', label: 'פתוחות' },
          ],
          selected: 'all',
          onSelect,
        },
      },
    );
    const tabs = within(screen.getByRole('tablist', { name: 'סינון' })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['הכול (3)', 'true'],
      ['פתוחות', 'false'],
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'פתוחות' }));
    expect(onSelect).toHaveBeenCalledWith('open');
    expect(within(screen.getByRole('tabpanel', { name: 'הכול' })).getByText('א')).toBeTruthy();
  });
});
