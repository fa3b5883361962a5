import { strings } from './strings.he';

describe("the checkout's copy (issue 27)", () => {
  it('uses the glossary: אימייל, חשבונית זיכוי', () => {
    expect(strings.checkout.email).toBe('אימייל');
    expect(strings.orders.creditNote(7)).toBe('חשבונית זיכוי מס׳ 7');
    expect(JSON.stringify(strings)).not.toMatch(/דוא״ל|תעודת/);
  });

  it('reads as Hebrew, not as a calque', () => {
    expect(strings.checkout.errorTitle).toBe('לא הצלחנו להתחיל את התשלום');
    expect(strings.checkout.youAreVip).toBe('אתם במועדון VIP: המשלוח בארץ עלינו.');
    expect(strings.orders.stepAhead).toBe('בהמשך');
  });
});
