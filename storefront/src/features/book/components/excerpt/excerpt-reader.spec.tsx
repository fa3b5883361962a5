import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExcerptReader, type OpenExcerpt } from './excerpt-reader';
import type { ExcerptDocument } from './pdf-document';

/** A three-page excerpt that records which pages were drawn. */
function fakeDocument(drawn: number[], destroyed: { count: number }): ExcerptDocument {
  return {
    pageCount: 3,
    renderPage: async (page) => {
      drawn.push(page);
    },
    destroy: () => {
      destroyed.count += 1;
    },
  };
}

describe('the excerpt reader', () => {
  it('opens on page 1 of 3 and turns pages right to left with the arrow keys and buttons', async () => {
    const drawn: number[] = [];
    const destroyed = { count: 0 };
    const open: OpenExcerpt = async () => fakeDocument(drawn, destroyed);
    const onClose = jest.fn();
    const view = render(
      <ExcerptReader bookId="b1" title="אור בחלון" onClose={onClose} open={open} />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'קטע מתוך אור בחלון' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await screen.findByText('עמוד 1 מתוך 3')).toBeTruthy();
    // Focus starts inside the dialog, on its close button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'סגירת הקטע' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'לעמוד הקודם' }).disabled).toBe(
      true,
    );

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(screen.getByText('עמוד 2 מתוך 3')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByText('עמוד 1 מתוך 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'לעמוד הבא' }));
    fireEvent.click(screen.getByRole('button', { name: 'לעמוד הבא' }));
    fireEvent.click(screen.getByRole('button', { name: 'לעמוד הבא' }));
    expect(screen.getByText('עמוד 3 מתוך 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'לעמוד הבא' }).disabled).toBe(
      true,
    );
    expect(screen.getByRole('img', { name: 'עמוד 3 מתוך 3' })).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(destroyed.count).toBe(1);
  });

  it('keeps Tab inside the dialog', async () => {
    const open: OpenExcerpt = async () => fakeDocument([], { count: 0 });
    render(<ExcerptReader bookId="b1" title="ספר" onClose={() => undefined} open={open} />);
    await screen.findByText('עמוד 1 מתוך 3');
    const close = screen.getByRole('button', { name: 'סגירת הקטע' });
    const next = screen.getByRole('button', { name: 'לעמוד הבא' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
  });

  it('says in Hebrew when the excerpt cannot be opened, and tries again on request', async () => {
    let calls = 0;
    const open: OpenExcerpt = async () => {
      calls += 1;
      if (calls === 1) throw new Error('אין חיבור לשרת כרגע.');
      return fakeDocument([], { count: 0 });
    };
    render(<ExcerptReader bookId="b1" title="ספר" onClose={() => undefined} open={open} />);
    expect(screen.getByRole('status').textContent).toContain('הקטע נפתח');
    expect(await screen.findByText('לא הצלחנו לפתוח את הקטע')).toBeTruthy();
    expect(screen.getByText('אין חיבור לשרת כרגע.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'לנסות שוב' }));
    });
    await waitFor(() => expect(screen.getByText('עמוד 1 מתוך 3')).toBeTruthy());
    expect(calls).toBe(2);
  });
});
