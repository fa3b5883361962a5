import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { SearchResultsPage } from './search-results-page';

function searchApi(found: number) {
  return fakeApi((url) => {
    if (url.pathname === '/api/books/search') {
      const limit = Number(url.searchParams.get('limit'));
      return { body: Array.from({ length: Math.min(found, limit) }, (_, i) => makeBook(i + 1)) };
    }
    if (url.pathname === '/api/authors/search') return { body: [] };
    return undefined;
  });
}

const cards = () => screen.queryAllByTestId('book-card');

describe('search results page', () => {
  it('shows a page of books at a time and says when the API gave its most', async () => {
    const calls = searchApi(80);
    renderRoute(<SearchResultsPage query="ספר" />, '/books', '/books?search=ספר');
    await screen.findByRole('link', { name: 'ספר 1' });
    expect(calls).toContain('/api/books/search?q=ספר&limit=50');
    expect(screen.getByText('50 הספרים המתאימים ביותר (ייתכנו נוספים)')).toBeTruthy();
    expect(cards()).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'הצגת ספרים נוספים' }));
    expect(cards()).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: 'הצגת ספרים נוספים' }));
    expect(cards()).toHaveLength(50);
    expect(screen.queryByRole('button', { name: 'הצגת ספרים נוספים' })).toBeNull();
    expect(screen.getByText(/נסו חיפוש מדויק יותר/)).toBeTruthy();
  });

  it('counts exactly when the API answered fewer than its most', async () => {
    searchApi(7);
    renderRoute(<SearchResultsPage query="ספר" />, '/books', '/books?search=ספר');
    await screen.findByText('נמצאו 7 ספרים');
    expect(cards()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'הצגת ספרים נוספים' })).toBeNull();
  });
});
