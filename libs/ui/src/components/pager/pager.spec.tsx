import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager';

describe('pager', () => {
  it('is absent for one page', () => {
    const { container } = render(
      <Pager page={1} pages={1} hasMore={false} onPage={() => undefined} label="עמודים" />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('names itself, says where it is and moves a page each way within bounds', () => {
    const onPage = jest.fn();
    const { rerender } = render(
      <Pager page={1} pages={3} hasMore onPage={onPage} label="עמודי ההזמנות" />,
    );
    expect(screen.getByRole('navigation', { name: 'עמודי ההזמנות' })).toBeTruthy();
    expect(screen.getByText('עמוד 1 מתוך 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'הקודם' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'הבא' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(
      <Pager
        page={3}
        pages={3}
        hasMore={false}
        onPage={onPage}
        label="עמודי ההזמנות"
        previous="חדשות יותר"
        next="קודמות"
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'קודמות' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'חדשות יותר' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
