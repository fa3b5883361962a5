import type { Author, AuthorProfile } from '@mechabrim/contracts';
import { AUTHOR_PROFILE_MODEL } from '@mechabrim/db';
import { Types, type Model } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

describe('PUT /api/authors/me/profile', () => {
  let ctx: PortalApi;
  let noa: Account;
  let reader: Account;

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.profile@example.com', 'נועה כהן');
    reader = await ctx.reader('reader.profile@example.com');
    // On sale, so the public author page answers for her.
    await ctx.book(noa.id, { category: 'שירה' });
    const bio = await ctx.http.put(
      '/api/auth/profile',
      { name: 'נועה כהן', email: 'noa.profile@example.com', bio: 'משוררת מחיפה' },
      { token: noa.token },
    );
    if (bio.status !== 200) throw new Error(`profile update failed: ${JSON.stringify(bio.body)}`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const full = {
    website: 'https://noa.example.com',
    socialMedia: {
      facebook: 'https://facebook.com/noa',
      twitter: '',
      instagram: 'https://instagram.com/noa',
      linkedin: 'https://linkedin.com/in/noa',
    },
    authorInfo: {
      genres: 'שירה, רומן , ',
      languages: ['עברית', 'אנגלית'],
      experience: 'עשר שנות כתיבה',
    },
    preferences: { notifications: false, newsletter: true, publicProfile: true },
  };

  it('saves the profile, answers it whole, and reads it back on the next visit', async () => {
    expect(
      (await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })).body,
    ).toMatchObject({ website: '', preferences: { publicProfile: true } });
    const saved = await ctx.http.put<AuthorProfile & { message: string }>(
      '/api/authors/me/profile',
      full,
      { token: noa.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...full,
      authorInfo: {
        genres: ['שירה', 'רומן'],
        languages: ['עברית', 'אנגלית'],
        experience: 'עשר שנות כתיבה',
        awards: [],
      },
      message: expect.stringMatching(/[\u0590-\u05FF]/),
    });
    const again = await ctx.http.get<AuthorProfile>('/api/authors/me/profile', {
      token: noa.token,
    });
    expect(again.body.authorInfo.genres).toEqual(['שירה', 'רומן']);
    // A partial save changes only what it sends.
    await ctx.http.put(
      '/api/authors/me/profile',
      { socialMedia: { twitter: 'https://x.com/noa' } },
      { token: noa.token },
    );
    const partial = await ctx.http.get<AuthorProfile>('/api/authors/me/profile', {
      token: noa.token,
    });
    expect(partial.body.socialMedia).toEqual({ ...full.socialMedia, twitter: 'https://x.com/noa' });
    expect(partial.body.website).toBe(full.website);
  });

  it('shows bio, genres and links on the public author page', async () => {
    const page = await ctx.http.get<Author>(`/api/authors/${noa.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      bio: 'משוררת מחיפה',
      genres: expect.arrayContaining(['שירה', 'רומן']),
      website: 'https://noa.example.com',
      socialMedia: {
        facebook: 'https://facebook.com/noa',
        linkedin: 'https://linkedin.com/in/noa',
      },
      languages: ['עברית', 'אנגלית'],
    });
  });

  it('answers a stored link that is not http(s) as empty, never as a link (issue 27)', async () => {
    const profiles = ctx.db.models[AUTHOR_PROFILE_MODEL] as Model<Record<string, unknown>>;
    const user = new Types.ObjectId(noa.id);
    await profiles.updateOne(
      { user },
      { $set: { website: 'javascript:alert(1)', 'socialMedia.twitter': 'data:text/html,x' } },
    );
    const page = await ctx.http.get<Author>(`/api/authors/${noa.id}`);
    expect(page.body.website).toBe('');
    expect(page.body.socialMedia?.twitter).toBe('');
    expect(page.body.socialMedia?.facebook).toBe('https://facebook.com/noa');
    await profiles.updateOne(
      { user },
      { $set: { website: full.website, 'socialMedia.twitter': '' } },
    );
  });

  it('hides the links when the author makes the profile private', async () => {
    await ctx.http.put(
      '/api/authors/me/profile',
      { preferences: { publicProfile: false } },
      { token: noa.token },
    );
    const page = await ctx.http.get<Author>(`/api/authors/${noa.id}`);
    expect(page.body.website).toBe('');
    expect(page.body.socialMedia?.facebook).toBe('');
    await ctx.http.put(
      '/api/authors/me/profile',
      { preferences: { publicProfile: true } },
      { token: noa.token },
    );
    expect((await ctx.http.get<Author>(`/api/authors/${noa.id}`)).body.website).toBe(full.website);
  });

  it('refuses links that are not web addresses and unknown fields, in Hebrew, saving nothing', async () => {
    const before = (
      await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })
    ).body;
    const bad: unknown[] = [
      { website: 'javascript:alert(1)' },
      { website: 'noa.example.com' },
      { socialMedia: { facebook: 'data:text/html,hi' } },
      { socialMedia: { myspace: 'https://myspace.com/noa' } },
      { authorInfo: { genres: Array.from({ length: 30 }, (_, i) => `ז${i}`) } },
      { preferences: { publicProfile: 'yes' } },
      { website: { $ne: null } },
      { bio: 'x' },
    ];
    for (const body of bad) {
      expectError(await ctx.http.put('/api/authors/me/profile', body, { token: noa.token }), 400);
    }
    expect(
      (await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })).body,
    ).toEqual(before);
  });

  it('keeps the grammatical gender the author chooses, shows it publicly, and clears it', async () => {
    const publicGender = async () => {
      const page = await ctx.http.get<Author>(`/api/authors/${noa.id}`);
      const list = await ctx.http.get<Author[]>('/api/authors');
      return {
        page: page.body.gender,
        listed: list.body.find((a) => a._id === noa.id)?.gender,
      };
    };
    // Not given yet: absent everywhere, so the storefront's text is neutral.
    expect(
      (await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })).body,
    ).not.toHaveProperty('gender');
    expect(await publicGender()).toEqual({ page: undefined, listed: undefined });

    const saved = await ctx.http.put<AuthorProfile>(
      '/api/authors/me/profile',
      { gender: 'female' },
      { token: noa.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.gender).toBe('female');
    // Saving another part keeps it.
    await ctx.http.put(
      '/api/authors/me/profile',
      { authorInfo: { experience: 'עשר שנות כתיבה' } },
      { token: noa.token },
    );
    expect(
      (await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })).body
        .gender,
    ).toBe('female');
    expect(await publicGender()).toEqual({ page: 'female', listed: 'female' });
    // Public even when the links are private: the text needs it.
    await ctx.http.put(
      '/api/authors/me/profile',
      { preferences: { publicProfile: false } },
      { token: noa.token },
    );
    expect((await publicGender()).page).toBe('female');
    await ctx.http.put(
      '/api/authors/me/profile',
      { preferences: { publicProfile: true } },
      { token: noa.token },
    );

    for (const bad of ['f', 'FEMALE', 'other', 1, true, ['female'], { $ne: null }]) {
      const refused = await ctx.http.put(
        '/api/authors/me/profile',
        { gender: bad, website: 'https://changed.example.com' },
        { token: noa.token },
      );
      // A Hebrew message, and nothing of the request saved.
      expectError(refused, 400);
    }
    const after = (
      await ctx.http.get<AuthorProfile>('/api/authors/me/profile', { token: noa.token })
    ).body;
    expect(after.gender).toBe('female');
    expect(after.website).not.toBe('https://changed.example.com');

    await ctx.http.put('/api/authors/me/profile', { gender: 'male' }, { token: noa.token });
    expect(await publicGender()).toEqual({ page: 'male', listed: 'male' });
    // '' or null: no longer given.
    for (const clear of ['', null]) {
      await ctx.http.put('/api/authors/me/profile', { gender: 'female' }, { token: noa.token });
      const cleared = await ctx.http.put<AuthorProfile>(
        '/api/authors/me/profile',
        { gender: clear },
        { token: noa.token },
      );
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('gender');
      expect(await publicGender()).toEqual({ page: undefined, listed: undefined });
    }
  });

  it('is for authors only', async () => {
    expectError(await ctx.http.put('/api/authors/me/profile', full), 401);
    expectError(await ctx.http.put('/api/authors/me/profile', full, { token: reader.token }), 403);
    expectError(await ctx.http.get('/api/authors/me/profile', { token: reader.token }), 403);
  });
});
