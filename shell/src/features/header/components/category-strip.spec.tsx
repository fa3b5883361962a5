import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { configureApi } from '@mechabrim/session';
import { CategoryStrip } from './category-strip';

function answer(status: number, body: unknown) {
  globalThis.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    text: async () => JSON.stringify(body),
  })) as unknown as typeof fetch;
}

function renderStrip() {
  configureApi({ apiBaseUrl: 'http://api.test' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CategoryStrip />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('category strip', () => {
  it('lists the categories once they arrive', async () => {
    answer(200, [{ category: 'פנטזיה', name: 'פנטזיה', count: 3 }]);
    renderStrip();
    expect(screen.getByRole('status').textContent).toBe('טוען קטגוריות…');
    const link = await screen.findByRole('link', { name: 'פנטזיה' });
    expect(link.getAttribute('href')).toBe(`/category/${encodeURIComponent('פנטזיה')}`);
  });

  it('keeps the loading text when the call fails (spec §8)', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(500, { statusCode: 500, message: 'boom' });
    renderStrip();
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('status').textContent).toBe('טוען קטגוריות…');
  });

  it('shows nothing for a successful empty answer', async () => {
    answer(200, []);
    const { container } = renderStrip();
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
