import { formatBanner } from './banner';

describe('formatBanner', () => {
  it('lists every URL in one aligned column and the demo accounts', () => {
    const banner = formatBanner({
      links: [
        { label: 'Store (shell)', url: 'http://localhost:4200/' },
        { label: 'API docs', url: 'http://localhost:3000/api/docs' },
      ],
      infrastructure: [{ label: 'Redis', url: 'redis://127.0.0.1:6379 (REDIS_URL)' }],
      accounts: [{ role: 'author', email: 'author@example.test', password: 'secret' }],
      seconds: 12.34,
    });
    expect(banner.split('\n')).toEqual([
      '',
      'מחברים is running (ready in 12.3 s)',
      '  Store (shell)  http://localhost:4200/',
      '  API docs       http://localhost:3000/api/docs',
      '  Redis          redis://127.0.0.1:6379 (REDIS_URL)',
      'Demo accounts:',
      '  author  author@example.test / secret',
      'Press Ctrl-C to stop everything.',
      '',
    ]);
  });
});
