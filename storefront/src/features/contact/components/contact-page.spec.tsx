import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { ContactPage } from './contact-page';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('contact page', () => {
  it('presets the subject a link asks for (the community-donation buttons), else general', () => {
    fakeApi(() => undefined);
    const { unmount } = renderRoute(<ContactPage />, '/contact', '/contact?subject=donation');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'נושא' }).value).toBe(
      'donation',
    );
    expect(screen.getByRole('option', { name: 'תרומה לקהילה', selected: true })).toBeTruthy();
    unmount();
    renderRoute(<ContactPage />, '/contact', '/contact?subject=__proto__');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'נושא' }).value).toBe('general');
  });

  it('asks for every field in the contract’s words and sends nothing', async () => {
    const calls = fakeApi(() => undefined);
    renderRoute(<ContactPage />, '/contact', '/contact');
    fireEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    expect(
      await screen.findByRole('textbox', {
        name: 'הודעה',
        description: 'תוכן ההודעה הוא שדה חובה',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'שם מלא' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByText('אימייל הוא שדה חובה')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'נושא' }).getAttribute('aria-required')).toBe(
      'true',
    );
    expect(calls).toEqual([]);
  });

  it('sends the checked message, shows the success banner and empties the form', async () => {
    fakeApi(() => ({ body: { ok: true, message: 'התקבל' } }));
    renderRoute(<ContactPage />, '/contact', '/contact');
    type('שם מלא', ' נועה ');
    type('אימייל', 'Noa@Example.com');
    fireEvent.change(screen.getByLabelText('נושא'), { target: { value: 'authors' } });
    type('הודעה', 'שלום, יש לי שאלה על הפרסום.');
    fireEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    await screen.findByText('ההודעה נשלחה בהצלחה! נחזור אליכם בהקדם.');
    const [url, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/contacts/submit');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'נועה',
      email: 'noa@example.com',
      subject: 'authors',
      message: 'שלום, יש לי שאלה על הפרסום.',
    });
    expect(screen.getByLabelText('הודעה')).toHaveProperty('value', '');
  });

  it('shows the error banner when the server fails, keeping what was typed', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'תקלה' } }));
    renderRoute(<ContactPage />, '/contact', '/contact');
    type('שם מלא', 'נועה');
    type('אימייל', 'noa@example.com');
    type('הודעה', 'שלום');
    fireEvent.click(screen.getByRole('button', { name: 'שליחה' }));
    await screen.findByText('אירעה שגיאה בשליחת ההודעה, אנא נסו שוב');
    expect(screen.getByLabelText('הודעה')).toHaveProperty('value', 'שלום');
  });
});
