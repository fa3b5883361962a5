import { screen } from '@testing-library/react';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { AboutPage } from './about-page';

describe('about page', () => {
  it("links the about page to the charity's own site, in a new tab that says so", () => {
    fakeApi(() => ({ body: { authors: 3, books: 10, donated: 0 } }));
    renderRoute(<AboutPage />, '/about', '/about');
    const link = screen.getByRole('link', { name: /לאתר ארגון נכי צה״ל.*נפתח בכרטיסייה חדשה/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
