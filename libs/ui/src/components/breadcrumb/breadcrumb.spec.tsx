import '../../testing/jsdom-polyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { Breadcrumb } from './breadcrumb';

it('links every crumb but the current page and separates them with ‹', () => {
  const { container } = render(
    <MemoryRouter>
      <Breadcrumb
        items={[
          { label: 'דף הבית', to: '/' },
          { label: 'סופרים', to: '/authors' },
          { label: 'דנה' },
        ]}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'דף הבית' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'סופרים' }).getAttribute('href')).toBe('/authors');
  expect(screen.getByText('דנה').getAttribute('aria-current')).toBe('page');
  expect(container.querySelectorAll('.mb-breadcrumb__sep')).toHaveLength(2);
  expect(container.textContent).toBe('דף הבית‹סופרים‹דנה');
});
