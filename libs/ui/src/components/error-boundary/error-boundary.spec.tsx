import { act, fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

function Boom({ fail }: { fail: boolean }) {
  if (fail) throw new Error('render failed');
  return <p>תוכן תקין</p>;
}

describe('error boundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React reports caught render errors on the console; keep the test output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it("shows 'something went wrong' in Hebrew with reload and back (spec §8)", () => {
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'משהו השתבש' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'טעינה מחדש' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'חזרה' }));
    expect(back).toHaveBeenCalled();
    back.mockRestore();
  });

  it('recovers when its reset key changes (the user navigated away)', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'משהו השתבש' })).toBeTruthy();
    act(() => {
      rerender(
        <ErrorBoundary resetKey="/b">
          <Boom fail={false} />
        </ErrorBoundary>,
      );
    });
    expect(screen.getByText('תוכן תקין')).toBeTruthy();
  });

  it('renders a custom fallback for the error it caught', () => {
    render(
      <ErrorBoundary fallback={(error) => <p>{(error as Error).message}</p>}>
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByText('render failed')).toBeTruthy();
  });
});
