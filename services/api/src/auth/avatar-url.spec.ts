import { isAllowedAvatar } from './avatar-url';

const HOSTS = ['images.example.org'];

describe('isAllowedAvatar', () => {
  it('accepts no avatar, our own cover files and https URLs on an allowed host', () => {
    expect(isAllowedAvatar('', HOSTS)).toBe(true);
    expect(isAllowedAvatar('/api/covers/abc-1.png', HOSTS)).toBe(true);
    expect(isAllowedAvatar('https://images.example.org/u/1.jpg?size=80', HOSTS)).toBe(true);
    expect(isAllowedAvatar('https://IMAGES.example.org/a.png', HOSTS)).toBe(true);
  });

  it.each([
    'http://images.example.org/a.png',
    'https://images.example.org.evil.net/a.png',
    'https://user:pw@images.example.org/a.png',
    'https://tracker.example.net/pixel.png',
    '//images.example.org/a.png',
    '/api/auth/profile',
    '/api/covers/../auth/profile',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
  ])('refuses %s', (avatar) => {
    expect(isAllowedAvatar(avatar, HOSTS)).toBe(false);
  });

  it('refuses every external URL when no host is allowed', () => {
    expect(isAllowedAvatar('https://images.example.org/a.png', [])).toBe(false);
  });
});
