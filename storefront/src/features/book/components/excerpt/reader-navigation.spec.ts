import { actionForKey, actionForSwipe, pageAfter } from './reader-navigation';

describe('the excerpt reader turns pages right to left', () => {
  it('reads ArrowLeft as the next page and ArrowRight as the previous one', () => {
    expect(actionForKey('ArrowLeft')).toBe('next');
    expect(actionForKey('ArrowRight')).toBe('previous');
    expect(actionForKey('PageDown')).toBe('next');
    expect(actionForKey('Home')).toBe('first');
    expect(actionForKey('End')).toBe('last');
    expect(actionForKey('Escape')).toBe('close');
    expect(actionForKey('a')).toBeNull();
  });

  it('turns forward when the page is dragged to the right, back when to the left', () => {
    expect(actionForSwipe(80, 10)).toBe('next');
    expect(actionForSwipe(-80, 10)).toBe('previous');
  });

  it('ignores short or mostly vertical moves', () => {
    expect(actionForSwipe(20, 0)).toBeNull();
    expect(actionForSwipe(60, 90)).toBeNull();
  });

  it('keeps the page within the excerpt', () => {
    expect(pageAfter('next', 3, 3)).toBe(3);
    expect(pageAfter('previous', 1, 3)).toBe(1);
    expect(pageAfter('next', 1, 3)).toBe(2);
    expect(pageAfter('last', 1, 7)).toBe(7);
    expect(pageAfter('first', 5, 7)).toBe(1);
  });
});
