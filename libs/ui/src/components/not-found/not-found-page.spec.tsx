import '../../testing/jsdom-polyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mechabrim/routing';
import { NotFoundPage } from './not-found-page';

describe('the not-found page', () => {
  it('is a region named by its heading, with a way home', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'הדף לא נמצא' });
    expect(region.textContent).toContain('ייתכן שהקישור שגוי או שהדף הוסר.');
    expect(screen.getByRole('link', { name: 'לדף הבית' }).getAttribute('href')).toBe('/');
  });

  it('leads to the home the app names', () => {
    render(
      <MemoryRouter>
        <NotFoundPage home="/author-dashboard" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'לדף הבית' }).getAttribute('href')).toBe(
      '/author-dashboard',
    );
  });
});
