import { screen } from '@testing-library/react';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { CommunityDonationPage } from './policy-pages';

describe('community donation page', () => {
  it("leads the donation buttons to the contact form with the subject preset, and 'join' to sign-up", () => {
    fakeApi(() => undefined);
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    expect(screen.getByRole('link', { name: 'לתרומה עכשיו' }).getAttribute('href')).toBe(
      '/contact?subject=donation',
    );
    expect(screen.getByRole('link', { name: 'פרטי העברה' }).getAttribute('href')).toBe(
      '/contact?subject=donation',
    );
    expect(screen.getByRole('link', { name: 'להצטרפות לקהילה' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
