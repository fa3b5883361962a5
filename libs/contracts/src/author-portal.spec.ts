import { safeHttpUrl } from './terms';

describe('safeHttpUrl', () => {
  it.each([
    ['https://noa.example.com', 'https://noa.example.com'],
    ['  http://noa.example.com/about?x=1 ', 'http://noa.example.com/about?x=1'],
    ['https://www.instagram.com/noa', 'https://www.instagram.com/noa'],
  ])('keeps the http(s) address %p', (value, safe) => {
    expect(safeHttpUrl(value)).toBe(safe);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'noa.example.com',
    'ftp://noa.example.com',
    'https://user:pass@noa.example.com',
    '',
    null,
    42,
    `https://example.com/${'a'.repeat(300)}`,
  ])('drops %p', (value) => {
    expect(safeHttpUrl(value)).toBe('');
  });
});
