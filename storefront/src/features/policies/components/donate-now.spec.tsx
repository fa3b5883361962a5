import { act, fireEvent, screen } from '@testing-library/react';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { chosenAmount, OTHER_AMOUNT } from './donation-form';
import { CommunityDonationPage } from './community-donation-page';

const REF = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the donation form', () => {
  it('reads a preset sum, or the free sum as typed', () => {
    expect(chosenAmount('180', '')).toBe(180);
    expect(chosenAmount(OTHER_AMOUNT, ' 1,250.5 ₪')).toBe(1250.5);
    expect(chosenAmount(OTHER_AMOUNT, '')).toBeUndefined();
    expect(chosenAmount(OTHER_AMOUNT, 'מאה')).toBeNaN();
  });

  it('refuses a sum below the minimum in Hebrew, asking nothing of the API', () => {
    const calls = fakeApi(() => undefined);
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    fireEvent.click(screen.getByRole('radio', { name: 'סכום אחר' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'סכום אחר בשקלים' }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'אימייל לקבלה ולתודה' }), {
      target: { value: 'dana@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'לתשלום 5 ₪' }));
    expect(screen.getByText('סכום התרומה המינימלי הוא 10 ₪')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'סכום אחר בשקלים' }));
    expect(calls.filter((c) => c.startsWith('/api/community/donations'))).toEqual([]);
    // Typing another sum clears the error.
    fireEvent.change(screen.getByRole('textbox', { name: 'סכום אחר בשקלים' }), {
      target: { value: '50' },
    });
    expect(screen.queryByText('סכום התרומה המינימלי הוא 10 ₪')).toBeNull();
  });

  it('opens the hosted payment page the API answered, with its fields', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/community/donations'
        ? {
            status: 201,
            body: {
              donation_ref: REF,
              amount: 180,
              payment_url: 'http://pay.test/mechabrim/iframenew.php',
              form_data: { sum: '180.00', payment_ref: REF },
            },
          }
        : undefined,
    );
    const posted: HTMLFormElement[] = [];
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted.push(this);
    });
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    fireEvent.click(screen.getByRole('radio', { name: '180 ₪' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'אימייל לקבלה ולתודה' }), {
      target: { value: 'dana@example.com' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'לתשלום 180 ₪' }));
    });
    expect(calls).toContain('/api/community/donations');
    expect(posted).toHaveLength(1);
    const form = posted[0];
    expect(form?.action).toBe('http://pay.test/mechabrim/iframenew.php');
    expect(form?.method).toBe('post');
    expect(
      Object.fromEntries(
        [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.name, input.value]),
      ),
    ).toEqual({ sum: '180.00', payment_ref: REF });
    // Leaving for the payment page: the button stays busy, so a second press sends nothing.
    expect(screen.getByRole('button', { name: 'פותחים את דף התשלום…' })).toHaveProperty(
      'disabled',
      true,
    );
    submit.mockRestore();
  });
});

describe('back from the payment page', () => {
  const statusApi = (body: unknown, status = 200) =>
    fakeApi((url) =>
      url.pathname === `/api/community/donations/${REF}` ? { status, body } : undefined,
    );

  it('thanks the donor only for what the server confirmed', async () => {
    statusApi({ status: 'paid', amount: 180, paidAt: '2026-05-01T10:00:00.000Z', error: null });
    renderRoute(
      <CommunityDonationPage />,
      '/community-donation',
      `/community-donation?donation=${REF}&result=success`,
    );
    expect(await screen.findByText(/תודה! התרומה שלך, 180 ₪, התקבלה/)).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'תוצאת התרומה' }),
    );
  });

  it('says a declined payment was not recorded, whatever the return address says', async () => {
    statusApi({ status: 'failed', amount: 180, paidAt: null, error: null });
    renderRoute(
      <CommunityDonationPage />,
      '/community-donation',
      `/community-donation?donation=${REF}&result=success`,
    );
    expect(await screen.findByText(/התשלום לא עבר, והתרומה לא נרשמה/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'לתרומה נוספת' }).getAttribute('href')).toBe('#donate');
  });

  it('says when the donation is unknown', async () => {
    statusApi({ statusCode: 404, error: 'Not Found', message: 'התרומה לא נמצאה' }, 404);
    renderRoute(
      <CommunityDonationPage />,
      '/community-donation',
      `/community-donation?donation=${REF}&result=failed`,
    );
    expect(await screen.findByText('לא מצאנו את התרומה הזאת.')).toBeTruthy();
  });
});
