import { act, fireEvent, render, screen } from '@testing-library/react';
import { Field } from './field';
import { SubmitButton } from './submit-button';

describe('Field', () => {
  it('names the control by its label and lays a Latin value out left to right', () => {
    render(
      <Field label="אימייל" latin>
        {(control) => <input type="email" {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'אימייל' });
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks the control invalid and described by the error under it, inside a live region', () => {
    render(
      <Field label="שם" error="שם הוא שדה חובה" hint="כפי שיופיע באתר">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'שם' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { description: 'כפי שיופיע באתר שם הוא שדה חובה' })).toBe(
      input,
    );
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['כפי שיופיע באתר', 'שם הוא שדה חובה']);
    const error = screen.getByText('שם הוא שדה חובה');
    expect(error.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('keeps the live region in place without an error, so an error that appears is announced', () => {
    const { rerender, container } = render(
      <Field label="שם">{(control) => <input {...control} />}</Field>,
    );
    const region = container.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toBe('');
    rerender(
      <Field label="שם" error="שם הוא שדה חובה">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(container.querySelector('[aria-live="polite"]')).toBe(region);
    expect(region?.textContent).toBe('שם הוא שדה חובה');
  });

  it('shows a required marker without changing the accessible name', () => {
    render(
      <Field label="הודעה" required>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'הודעה' });
    expect(textarea.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('puts a checkbox inside its label, with the error described', () => {
    render(
      <Field label="קראתי את התקנון" layout="check" error="יש לאשר את תנאי האתר">
        {(control) => <input type="checkbox" {...control} />}
      </Field>,
    );
    const box = screen.getByRole('checkbox', { name: 'קראתי את התקנון' });
    fireEvent.click(screen.getByText('קראתי את התקנון'));
    expect((box as HTMLInputElement).checked).toBe(true);
    const errorId = box.getAttribute('aria-describedby');
    expect(errorId && document.getElementById(errorId)?.textContent).toBe('יש לאשר את תנאי האתר');
  });
});

describe('SubmitButton', () => {
  it('sends a form once while it is pending and says that it is sending', async () => {
    let sent = 0;
    function Form({ pending }: { pending: boolean }) {
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent += 1;
          }}
        >
          <input aria-label="שדה" />
          <SubmitButton pending={pending} pendingLabel="שולח…">
            שליחה
          </SubmitButton>
        </form>
      );
    }
    const { rerender } = render(<Form pending={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    expect(sent).toBe(1);
    rerender(<Form pending />);
    const busy = screen.getByRole('button', { name: 'שולח…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      fireEvent.click(busy);
    });
    expect(sent).toBe(1);
  });
});
