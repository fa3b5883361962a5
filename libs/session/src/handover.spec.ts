/**
 * @jest-environment jsdom
 */
import { takeHandoverCode, withHandoverCode } from './handover';

const CODE = 'a'.repeat(20) + '_-' + 'B'.repeat(21);

describe('the sign-in hand-over code in the URL fragment', () => {
  it('puts the code in the fragment of the other origin’s address, never in its query', () => {
    const url = withHandoverCode('https://mechabrim.example/books?page=2', CODE);
    expect(url).toBe(`https://mechabrim.example/books?page=2#handover=${CODE}`);
    expect(new URL(url).search).toBe('?page=2');
  });

  it('takes the code once and removes it from the address bar and the history', () => {
    window.history.pushState(null, '', `/books?page=2#handover=${CODE}&tab=new`);
    expect(takeHandoverCode()).toBe(CODE);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/books?page=2#tab=new',
    );
    expect(takeHandoverCode()).toBeNull();
  });

  it('ignores a malformed code, still removing it', () => {
    window.history.pushState(null, '', '/#handover=not-a-code');
    expect(takeHandoverCode()).toBeNull();
    expect(window.location.hash).toBe('');
  });
});
