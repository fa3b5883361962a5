import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from '@mechabrim/routing';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { configureApi } from '@mechabrim/session';
import { MobileMenu } from './mobile-menu';

let navigate: (to: string) => unknown = () => undefined;
function Nav() {
  navigate = useNavigate();
  return null;
}

function renderMenu() {
  configureApi({ apiBaseUrl: 'http://api.test' });
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    text: async () => JSON.stringify([{ category: 'שירה', name: 'שירה', count: 2 }]),
  })) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Nav />
        <MobileMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('mobile menu', () => {
  it('Escape closes it and gives the focus back to the toggle', async () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'פתיחת התפריט' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'תפריט' });
    expect(nav.hidden).toBe(false);
    // Into the menu by keyboard, then Escape from inside it.
    screen.getByRole('link', { name: 'סופרים' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('פתיחת התפריט');
  });

  it('Escape with the menu closed does nothing', async () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'פתיחת התפריט' });
    toggle.focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a route change', async () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'פתיחת התפריט' });
    await userEvent.click(toggle);
    act(() => void navigate('/about'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
