import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYOUT_VALIDATION_HE as M, type PayoutDetails } from '@mechabrim/contracts';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { PayoutDetailsSection } from './payout-details-section';

const saved: PayoutDetails = {
  accountHolder: 'נועה לוי',
  bankCode: '12',
  bankName: 'בנק הפועלים',
  branch: '571',
  accountMasked: '••••1116',
  taxIdMasked: '••••782',
  taxStatus: 'private',
  withholdingPercent: 30,
  updatedAt: '2025-03-01T10:00:00.000Z',
  hold: null,
};

/** A fake API: GET answers what was saved; PUT records the body and answers it masked. */
function server(initial: PayoutDetails | null) {
  let details = initial;
  const bodies: unknown[] = [];
  fakeApi(() => ({ body: { details } }));
  const answerGet = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      bodies.push(JSON.parse(String(init.body)));
      details = {
        ...saved,
        hold: initial ? { reason: 'details-changed', since: saved.updatedAt } : null,
      };
      const text = JSON.stringify({ message: 'פרטי התשלום נשמרו', details });
      return { ok: true, status: 200, text: async () => text } as Response;
    }
    return answerGet(input, init) as Promise<Response>;
  });
  return { bodies };
}

const open = () =>
  renderRoute(<PayoutDetailsSection />, '/author-dashboard/profile', '/author-dashboard/profile');

/** The Hebrew error shown at a field (its control points at it through aria-describedby). */
function errorAt(label: string): string {
  const control = screen.getByLabelText(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('payout details in the profile', () => {
  it('shows each field its Hebrew error, checks the account against its bank, and saves', async () => {
    const { bodies } = server(null);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'הזנת פרטי תשלום' }));
    fireEvent.click(screen.getByRole('button', { name: 'שמירת פרטי התשלום' }));

    await waitFor(() => expect(errorAt('שם בעל החשבון')).toContain(M.holderRequired));
    expect(errorAt('בנק')).toContain(M.bankRequired);
    expect(errorAt('מספר סניף')).toContain(M.branchRequired);
    expect(errorAt('מספר חשבון')).toContain(M.accountRequired);
    expect(errorAt('מספר תעודת זהות או מספר עוסק')).toContain(M.taxIdRequired);
    expect(screen.getByRole('alert').textContent).toBe(M.taxStatusRequired);

    fireEvent.change(screen.getByLabelText('שם בעל החשבון'), { target: { value: 'נועה לוי' } });
    fireEvent.change(screen.getByLabelText('בנק'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('מספר סניף'), { target: { value: '571' } });
    fireEvent.change(screen.getByLabelText('מספר חשבון'), { target: { value: '41117' } });
    fireEvent.change(screen.getByLabelText('מספר תעודת זהות או מספר עוסק'), {
      target: { value: '123456789' },
    });
    fireEvent.click(screen.getByLabelText('אדם פרטי (ניכוי מס במקור)'));
    fireEvent.click(screen.getByRole('button', { name: 'שמירת פרטי התשלום' }));
    await waitFor(() => expect(errorAt('מספר חשבון')).toContain(M.accountInvalid));
    expect(errorAt('מספר תעודת זהות או מספר עוסק')).toContain(M.taxIdInvalid);
    expect(bodies).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('מספר חשבון'), { target: { value: '41116' } });
    fireEvent.change(screen.getByLabelText('מספר תעודת זהות או מספר עוסק'), {
      target: { value: '123456782' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'שמירת פרטי התשלום' }));

    await screen.findByText('פרטי התשלום נשמרו');
    expect(bodies).toEqual([
      {
        accountHolder: 'נועה לוי',
        bankCode: '12',
        branch: '571',
        account: '41116',
        taxId: '123456782',
        taxStatus: 'private',
      },
    ]);
    expect(screen.getByText('••••1116')).toBeTruthy();
    expect(screen.getByText('ינוכה מס במקור בשיעור 30% מכל תשלום.')).toBeTruthy();
  });

  it('shows saved details masked, asks for the numbers again on a change, and shows the hold', async () => {
    server(saved);
    open();
    const view = await screen.findByText('••••782');
    expect(within(view.closest('dl') as HTMLElement).getByText('בנק הפועלים (12)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'עדכון פרטי תשלום' }));
    expect(screen.getByLabelText<HTMLInputElement>('שם בעל החשבון').value).toBe('נועה לוי');
    expect(screen.getByLabelText<HTMLInputElement>('מספר חשבון').value).toBe('');
    fireEvent.change(screen.getByLabelText('מספר חשבון'), { target: { value: '41116' } });
    fireEvent.change(screen.getByLabelText('מספר תעודת זהות או מספר עוסק'), {
      target: { value: '123456782' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'שמירת פרטי התשלום' }));
    await screen.findByText('פרטי התשלום שונו לאחרונה: התשלום הבא ממתין לבדיקה של צוות מחברים.');
  });
});
