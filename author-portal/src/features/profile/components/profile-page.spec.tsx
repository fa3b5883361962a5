import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthorProfile } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { ProfilePage } from './profile-page';

const saved: AuthorProfile = {
  website: 'https://noa.example.com',
  socialMedia: { facebook: '', twitter: '', instagram: 'https://instagram.com/noa', linkedin: '' },
  authorInfo: {
    genres: ['פנטזיה', 'שירה'],
    languages: ['עברית'],
    experience: 'עשר שנות כתיבה',
    awards: [],
  },
  preferences: { notifications: true, newsletter: false, publicProfile: true },
};

const open = () =>
  renderRoute(<ProfilePage />, '/author-dashboard/profile', '/author-dashboard/profile');

/** A fake API that keeps what was PUT, like the server. */
function server() {
  let profile = saved;
  const bodies: unknown[] = [];
  const calls = fakeApi(() => ({ body: profile }));
  const answerGet = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as AuthorProfile;
      bodies.push(body);
      profile = { ...profile, ...body };
      const text = JSON.stringify({ ...profile, message: 'הפרופיל נשמר' });
      return { ok: true, status: 200, text: async () => text } as Response;
    }
    return answerGet(input, init) as Promise<Response>;
  });
  return { calls, bodies };
}

beforeEach(() => {
  act(() =>
    sessionStore.setState({
      user: { _id: 'a1', name: 'נועה לוי', email: 'noa@example.com', role: 'author', bio: 'כותבת' },
      token: 't',
      loading: false,
    }),
  );
});

describe('/author-dashboard/profile', () => {
  it('shows the saved profile, and cancel drops what was typed', async () => {
    server();
    open();
    await screen.findByText('פנטזיה, שירה');
    expect(screen.getByText('https://noa.example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    const genres = screen.getByLabelText<HTMLInputElement>('ז׳אנרים');
    expect(genres.value).toBe('פנטזיה, שירה');
    fireEvent.change(genres, { target: { value: 'מתח' } });
    fireEvent.click(screen.getByRole('button', { name: 'ביטול' }));
    expect(screen.getByText('פנטזיה, שירה')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    expect(screen.getByLabelText<HTMLInputElement>('ז׳אנרים').value).toBe('פנטזיה, שירה');
  });

  it('saves on the server, lists split on commas, and shows what was saved', async () => {
    const { bodies } = server();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'עריכה' }));
    fireEvent.change(screen.getByLabelText('ז׳אנרים'), { target: { value: 'מתח , רומן,' } });
    fireEvent.change(screen.getByLabelText('לינקדאין'), {
      target: { value: 'https://linkedin.com/in/noa' },
    });
    fireEvent.click(screen.getByLabelText('הרשמה לניוזלטר'));
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('הפרופיל נשמר.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      website: 'https://noa.example.com',
      socialMedia: {
        linkedin: 'https://linkedin.com/in/noa',
        instagram: 'https://instagram.com/noa',
      },
      authorInfo: { genres: ['מתח', 'רומן'], languages: ['עברית'], experience: 'עשר שנות כתיבה' },
      preferences: { notifications: true, newsletter: true, publicProfile: true },
    });
    expect(screen.getByText('מתח, רומן')).toBeTruthy();
    expect(screen.getByText('https://linkedin.com/in/noa')).toBeTruthy();
  });

  it('lets the author choose how the storefront speaks of her (radios in a labelled group), and clear it', async () => {
    const { bodies } = server();
    open();
    await screen.findByText('פנטזיה, שירה');
    // Not chosen yet.
    expect(screen.getByText('לשון פנייה').nextSibling?.textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    const group = screen.getByRole('group', { name: 'לשון פנייה' });
    const none = screen.getByRole<HTMLInputElement>('radio', { name: 'לא לציין' });
    expect(none.checked).toBe(true);
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'נקבה' }));
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('הפרופיל נשמר.');
    expect(bodies[0]).toMatchObject({ gender: 'female' });
    expect(screen.getByText('לשון פנייה').nextSibling?.textContent).toBe('נקבה');

    fireEvent.click(screen.getByRole('button', { name: 'עריכה' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'נקבה' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'לא לציין' }));
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ gender: '' });
  });

  it('refuses a link that is not a web address, in Hebrew, and sends nothing', async () => {
    const { bodies } = server();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'עריכה' }));
    fireEvent.change(screen.getByLabelText('אתר אישי'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('נא להזין כתובת אתר מלאה שמתחילה ב־https:// או http://');
    await waitFor(() => expect(bodies).toEqual([]));
  });

  it('says when the profile cannot be loaded', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'תקלה' } }));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('שגיאה בטעינת נתוני הפרופיל');
  });
});

describe('signing out on every device', () => {
  it('ends every session through the API and signs out here', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/auth/logout-all' ? { status: 204, body: '' } : { body: saved },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'התנתקות מכל המכשירים' }));
    await waitFor(() => expect(sessionStore.getState().token).toBeNull());
    expect(calls).toContain('/api/auth/logout-all');
  });

  it('stays signed in and says why when it could not be done', async () => {
    fakeApi((url) =>
      url.pathname === '/api/auth/logout-all'
        ? { status: 503, body: { message: 'השירות אינו זמין כרגע' } }
        : { body: saved },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'התנתקות מכל המכשירים' }));
    expect((await screen.findByRole('alert')).textContent).toBe('השירות אינו זמין כרגע');
    expect(sessionStore.getState().token).toBe('t');
  });
});
