import { fireEvent, render, screen } from '@testing-library/react';
import { BookCover } from './book-cover';

const UPLOADED = '/api/books/65a1b2c3d4e5f60718293a4b/cover/web?v=1a2b3c4d';

describe('BookCover', () => {
  it('offers an uploaded cover’s three web sizes, drawn at its width unless told otherwise', () => {
    const { rerender } = render(<BookCover src={UPLOADED} title="הים" width={48} />);
    const img = screen.getByRole<HTMLImageElement>('img', { name: /הים/ });
    expect(img.getAttribute('src')).toBe(UPLOADED);
    expect(img.getAttribute('srcset')).toBe(
      [
        '/api/books/65a1b2c3d4e5f60718293a4b/cover/thumb?v=1a2b3c4d 200w',
        '/api/books/65a1b2c3d4e5f60718293a4b/cover/web?v=1a2b3c4d 600w',
        '/api/books/65a1b2c3d4e5f60718293a4b/cover/large?v=1a2b3c4d 1200w',
      ].join(', '),
    );
    expect(img.getAttribute('sizes')).toBe('48px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['48', '72']);

    rerender(<BookCover src={UPLOADED} title="הים" sizes="(max-width: 639px) 50vw, 250px" />);
    expect(screen.getByRole('img', { name: /הים/ }).getAttribute('sizes')).toBe(
      '(max-width: 639px) 50vw, 250px',
    );
  });

  it('shows a picture of one size as it is', () => {
    render(<BookCover src="/api/covers/65a1b2c3d4e5f60718293a4b.svg" title="הים" priority />);
    const img = screen.getByRole('img', { name: /הים/ });
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('keeps its place with the title when the picture is missing or broken', () => {
    const { unmount } = render(<BookCover src={null} title="הים" />);
    expect(screen.getByTestId('cover-placeholder').textContent).toBe('הים');
    unmount();
    render(<BookCover src={UPLOADED} title="הים" />);
    fireEvent.error(screen.getByRole('img', { name: /הים/ }));
    expect(screen.getByTestId('cover-placeholder').textContent).toBe('הים');
  });
});
