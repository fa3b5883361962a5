import { TEST_CARDS } from './cards';

const SHEKELS = new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS' });

/** The sum as Tranzila's page shows it, in he-IL with the shekel sign; as given if not a number. */
function shekels(sum: string | undefined): string {
  const amount = Number(sum);
  return sum && Number.isFinite(amount) ? SHEKELS.format(amount) : (sum ?? '');
}

/** Hebrew copy of the simulator's pages. */
export const PAGE_HE = {
  title: 'תשלום מאובטח (סימולטור)',
  banner: 'סביבת בדיקה: זהו סימולטור תשלום. אין לשלוח פרטי כרטיס אמיתיים.',
  amount: 'סכום לתשלום',
  description: 'תיאור',
  cardNumber: 'מספר כרטיס',
  expiry: 'תוקף (חודש ושנה, MMYY)',
  cvv: 'קוד אבטחה (CVV)',
  idNumber: 'מספר תעודת זהות של בעל הכרטיס',
  pay: 'לתשלום',
  testCards: 'כרטיסי בדיקה',
  cardColumn: 'מספר כרטיס',
  resultColumn: 'תוצאה',
  anyInvalid: 'כל מספר שאינו עובר את בדיקת Luhn',
  results: {
    approved: 'מאושר',
    DECLINED: 'העסקה סורבה (DECLINED)',
    INSUFFICIENT_FUNDS: 'אין מספיק יתרה (INSUFFICIENT_FUNDS)',
    EXPIRED_CARD: 'הכרטיס פג תוקף (EXPIRED_CARD)',
    BLOCKED_CARD: 'הכרטיס חסום (BLOCKED_CARD)',
    INVALID_CARD: 'כרטיס לא תקין (INVALID_CARD)',
  },
  errors: {
    missingOrder: 'חסרים פרטי העסקה (סכום, מזהה התשלום או כתובות החזרה).',
    noToken: 'דף התשלום נפתח בלי אסימון נעילת סכום. נא לחזור לחנות ולפתוח אותו מחדש.',
    badToken: 'אסימון נעילת הסכום אינו תקף לדף התשלום הזה.',
    sumMismatch: 'הסכום שונה מהסכום שננעל לעסקה הזאת.',
    tokenUsed: 'העסקה הזאת כבר שולמה.',
    expiry: 'נא להזין תוקף בפורמט MMYY, למשל 0830.',
    cvv: 'קוד האבטחה צריך להכיל 3 או 4 ספרות.',
    id: 'מספר תעודת הזהות אינו תקין.',
  },
  failureMessages: {
    DECLINED: 'הכרטיס נדחה על ידי הבנק',
    INSUFFICIENT_FUNDS: 'אין מספיק יתרה בכרטיס',
    EXPIRED_CARD: 'תוקף הכרטיס פג',
    INVALID_CARD: 'מספר הכרטיס אינו תקין',
    BLOCKED_CARD: 'הכרטיס חסום',
  },
  notFound: 'הדף לא נמצא.',
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The fields of the hosted page that travel with the card form (Tranzila's names). */
export const ORDER_FIELDS = [
  'sum',
  'currency',
  'cred_type',
  'tranmode',
  'lang',
  'pdesc',
  'contact',
  'email',
  'phone',
  'payment_ref',
  'thtk',
  'new_process',
  'success_url_address',
  'fail_url_address',
  'notify_url_address',
] as const;
export type OrderFields = Partial<Record<(typeof ORDER_FIELDS)[number], string>>;

/** The hosted card form: the order's fields hidden, the card fields, the test cards table. */
export function cardFormPage(action: string, order: OrderFields, problems: string[] = []): string {
  const hidden = ORDER_FIELDS.map((name) =>
    order[name] === undefined
      ? ''
      : `<input type="hidden" name="${name}" value="${escapeHtml(order[name] ?? '')}">`,
  ).join('\n      ');
  const rows = TEST_CARDS.map(
    (card) =>
      `<tr><td dir="ltr">${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${PAGE_HE.results[card.result]}</td></tr>`,
  ).join('');
  const errorBox = problems.length
    ? `<div role="alert" class="error"><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>`
    : '';
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${PAGE_HE.title}</title>
  <style>
    body { font-family: system-ui, 'Segoe UI', Arial, sans-serif; margin: 0; padding: 16px; color: #1f2937; background: #fff; }
    main { max-width: 420px; margin: 0 auto; }
    .banner { background: #fef3c7; padding: 8px 12px; border-radius: 6px; font-size: 14px; }
    .error { background: #fee2e2; color: #991b1b; padding: 8px 12px; border-radius: 6px; margin-top: 12px; }
    label { display: block; margin-top: 12px; font-weight: 600; }
    input[type=text] { width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; border: 1px solid #6b7280; border-radius: 6px; }
    button { margin-top: 16px; width: 100%; padding: 12px; font-size: 16px; background: #1d4ed8; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
    button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
    table { width: 100%; border-collapse: collapse; margin-top: 8px; font-size: 14px; }
    td, th { border-bottom: 1px solid #e5e7eb; padding: 4px; text-align: start; }
  </style>
</head>
<body>
<main>
  <h1>${PAGE_HE.title}</h1>
  <p class="banner">${PAGE_HE.banner}</p>
  <p>${PAGE_HE.amount}: <bdi><strong>${escapeHtml(shekels(order.sum))}</strong></bdi></p>
  ${order.pdesc ? `<p>${PAGE_HE.description}: ${escapeHtml(order.pdesc)}</p>` : ''}
  ${errorBox}
  <form method="post" action="${escapeHtml(action)}">
      ${hidden}
    <label for="ccno">${PAGE_HE.cardNumber}</label>
    <input type="text" id="ccno" name="ccno" inputmode="numeric" autocomplete="cc-number" dir="ltr" required>
    <label for="expdate">${PAGE_HE.expiry}</label>
    <input type="text" id="expdate" name="expdate" inputmode="numeric" autocomplete="cc-exp" dir="ltr" maxlength="5" required>
    <label for="mycvv">${PAGE_HE.cvv}</label>
    <input type="text" id="mycvv" name="mycvv" inputmode="numeric" autocomplete="cc-csc" dir="ltr" maxlength="4" required>
    <label for="myid">${PAGE_HE.idNumber}</label>
    <input type="text" id="myid" name="myid" inputmode="numeric" dir="ltr" maxlength="9" required>
    <button type="submit">${PAGE_HE.pay}</button>
  </form>
  <h2>${PAGE_HE.testCards}</h2>
  <table>
    <thead><tr><th scope="col">${PAGE_HE.cardColumn}</th><th scope="col">${PAGE_HE.resultColumn}</th></tr></thead>
    <tbody>${rows}<tr><td>${PAGE_HE.anyInvalid}</td><td>${PAGE_HE.results.INVALID_CARD}</td></tr></tbody>
  </table>
</main>
</body>
</html>`;
}

/** A short Hebrew page for a request the simulator cannot serve. */
export function messagePage(message: string): string {
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>${PAGE_HE.title}</title></head><body><main><p role="alert">${escapeHtml(message)}</p></main></body></html>`;
}
