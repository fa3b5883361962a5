import { act, render, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { useTitleFromHeading } from './use-title-from-heading';

const TITLES = { site: 'מחברים', home: 'מחברים — ספרים של סופרים עצמאיים' };

let setHeading: (heading: ReactNode) => void = () => undefined;

function Page({ pathname }: { pathname: string }) {
  const [heading, set] = useState<ReactNode>(<h1>כל הספרים</h1>);
  setHeading = set;
  useTitleFromHeading(TITLES, pathname);
  return <main>{heading}</main>;
}

describe('useTitleFromHeading', () => {
  it('names the page after its heading, and follows a heading that arrives later', async () => {
    const { rerender } = render(<Page pathname="/books" />);
    expect(document.title).toBe('כל הספרים — מחברים');

    act(() => setHeading(<p>טוען…</p>));
    await waitFor(() => expect(document.title).toBe(TITLES.home));
    act(() => setHeading(<h1>ירושלים של מטה</h1>));
    await waitFor(() => expect(document.title).toBe('ירושלים של מטה — מחברים'));

    rerender(<Page pathname="/" />);
    expect(document.title).toBe(TITLES.home);
  });
});
