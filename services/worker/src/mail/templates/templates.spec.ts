import {
  MAIL_TEMPLATES,
  mailJobSchema,
  orderReference,
  PICKUP_BRANCH,
  preflightLabelsHe,
  preflightMailItems,
  type PreflightCheck,
  type MailJob,
  type MailJobOf,
} from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { paidOrderFixture } from '../../receipts/receipt-fixture';
import type { MailContext, MailPayoutStatement, MailReceipt } from './mail-template';
import { agorot } from '@mechabrim/money';
import { formatMoneyHe } from './layout';
import { MAIL_TEMPLATE_REGISTRY, renderMail } from './registry';

const refundRef = 'rf_AAAAAAAAAAAAAAAAAAAAAA';
// Paid 328.40 ₪; cancelled: the fee 5 % (16.42 ₪) kept, 311.98 ₪ back to the card.
const returnRef = 'rf_RRRRRRRRRRRRRRRRRRRRRR';
// …and a return of one copy of the first book (89 ₪), to show the returned mail's fixture.
const order = {
  ...paidOrderFixture(),
  refunds: [
    { ref: refundRef, amountAgorot: 31198, feeAgorot: 1642 },
    { ref: returnRef, amountAgorot: 8900, feeAgorot: 0 },
  ],
  return: { lines: [{ lineIndex: 0, quantity: 1 }], refundRef: returnRef },
};
const orderId = order._id.toHexString();

const payoutId = new Types.ObjectId().toHexString();
// October's statement: 340 ₪ owed, all paid, 30 % withheld from a private person.
const paidPayout: MailPayoutStatement = {
  period: '2026-10',
  heldReason: null,
  withholdingPercent: 30,
  balanceAgorot: 34000,
  grossAgorot: 34000,
  withheldAgorot: 10200,
  netAgorot: 23800,
  carriedOverAgorot: 0,
  pdf: null,
};

function contextWith(
  receipt: MailReceipt | null,
  creditNote: MailReceipt | null = null,
  payout: MailPayoutStatement = paidPayout,
): MailContext {
  return {
    siteUrl: 'https://mechabrim.example',
    order: (id) =>
      id === orderId ? Promise.resolve(order) : Promise.reject(new Error('no order')),
    receipt: () => Promise.resolve(receipt),
    creditNote: (ref) =>
      Promise.resolve(ref === refundRef || ref === returnRef ? creditNote : null),
    payoutStatement: (id) =>
      id === payoutId ? Promise.resolve(payout) : Promise.reject(new Error('no payout')),
  };
}

const report = [
  { check: 'גודל העמוד', passed: true, detail: '' },
  { check: 'רזולוציית התמונות', passed: false, detail: 'תמונה בעמוד 12 ברזולוציה של 150 DPI' },
];

const jobs: MailJob[] = [
  { template: 'order-confirmation', to: 'dana@example.com', orderId },
  {
    template: 'shipping-update',
    to: 'dana@example.com',
    orderId,
    trackingNumbers: ['RR123456789IL'],
    carrier: 'דואר ישראל',
  },
  { template: 'ready-for-pickup', to: 'dana@example.com', orderId },
  {
    template: 'book-approved',
    to: 'noa@example.com',
    bookId: new Types.ObjectId().toHexString(),
    bookTitle: 'הים של תל אביב',
    authorName: 'נועה',
    report,
  },
  {
    template: 'book-rejected',
    to: 'noa@example.com',
    bookId: new Types.ObjectId().toHexString(),
    bookTitle: 'הים של תל אביב',
    authorName: 'נועה',
    report,
  },
  {
    template: 'book-sold',
    to: 'noa@example.com',
    orderId,
    bookId: new Types.ObjectId().toHexString(),
    bookTitle: 'הים של תל אביב',
    authorName: 'נועה',
    quantity: 2,
    earningsAgorot: 15130,
  },
  { template: 'order-cancelled', to: 'dana@example.com', orderId, refundRef },
  { template: 'order-returned', to: 'dana@example.com', orderId, refundRef: returnRef },
  {
    template: 'return-rejected',
    to: 'dana@example.com',
    orderId,
    reason: 'הספרים הגיעו משומשים & קרועים',
  },
  {
    template: 'payout-details-changed',
    to: 'noa@example.com',
    authorName: 'נועה',
    bankName: 'בנק הפועלים',
    accountMasked: '••••1116',
    changedAt: '2025-03-02T08:30:00.000Z',
    firstTime: false,
  },
  {
    template: 'password-reset',
    to: 'dana@example.com',
    name: 'דנה',
    token: 'A'.repeat(40) + '_-9',
    expiresAt: '2025-03-02T09:00:00.000Z',
  },
  {
    template: 'password-changed',
    to: 'dana@example.com',
    name: 'דנה',
    changedAt: '2025-03-02T08:30:00.000Z',
    how: 'reset',
  },
  {
    template: 'email-change-confirm',
    to: 'dana.new@example.com',
    name: 'דנה',
    token: 'B'.repeat(43),
    expiresAt: '2025-03-03T08:30:00.000Z',
  },
  {
    template: 'email-change-requested',
    to: 'dana@example.com',
    name: 'דנה',
    newEmail: 'dana.new@example.com',
    requestedAt: '2025-03-02T08:30:00.000Z',
  },
  { template: 'payout-statement', to: 'noa@example.com', authorName: 'נועה', payoutId },
  {
    template: 'review-decided',
    to: 'dana@example.com',
    readerName: 'דנה',
    bookId: 'a'.repeat(24),
    bookTitle: 'האור שבין הגלים',
    reviewTitle: 'פשוט נהדר',
    decision: 'rejected',
    reason: 'חושף את הסוף & יותר',
  },
  {
    template: 'email-verify',
    to: 'dana@example.com',
    name: 'דנה',
    token: 'C'.repeat(43),
    expiresAt: '2025-03-04T08:30:00.000Z',
  },
  {
    template: 'new-books',
    to: 'dana@example.com',
    name: 'דנה',
    day: '2025-03-02',
    books: [
      { id: 'a'.repeat(24), title: 'מיכאל שלי', authorName: 'עמוס עוז' },
      { id: 'b'.repeat(24), title: 'סיפור על אהבה וחושך', authorName: 'עמוס עוז' },
    ],
    unsubscribeToken: 'D'.repeat(43),
  },
  {
    template: 'donation-thanks',
    to: 'dana@example.com',
    donationId: '65a1b2c3d4e5f60718293a4b',
    amountAgorot: 18_000,
    donorName: 'דנה',
    paidAt: '2025-03-02T08:30:00.000Z',
  },
];

/** The job of one template from the list above (every template is in it). */
function jobOf(template: MailJob['template']): MailJob {
  const job = jobs.find((candidate) => candidate.template === template);
  if (!job) throw new Error(`no ${template} job`);
  return job;
}

describe('mail templates', () => {
  it('has one template per name in MAIL_TEMPLATES', () => {
    expect(Object.keys(MAIL_TEMPLATE_REGISTRY).sort()).toEqual([...MAIL_TEMPLATES].sort());
  });

  it('email verification links to the verify page with the token in the fragment', async () => {
    const mail = await renderMail(jobOf('email-verify'), contextWith(null));
    const url = `https://mechabrim.example/verify-email#token=${'C'.repeat(43)}`;
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('48 שעות');
  });

  it('new books lists each book with its page and an unsubscribe link in the fragment', async () => {
    const mail = await renderMail(jobOf('new-books'), contextWith(null));
    expect(mail.subject).toBe('2 ספרים חדשים מסופרים שאתם עוקבים אחריהם');
    expect(mail.text).toContain(`https://mechabrim.example/book/${'a'.repeat(24)}`);
    expect(mail.text).toContain('מיכאל שלי');
    const unsubscribe = `https://mechabrim.example/unsubscribe#token=${'D'.repeat(43)}`;
    expect(mail.text).toContain(unsubscribe);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
  });

  it('keeps the outbox payload of the API valid and refuses unknown templates', () => {
    expect(
      mailJobSchema.safeParse({ template: 'order-confirmation', to: 'a@b.co', orderId }).success,
    ).toBe(true);
    expect(
      mailJobSchema.safeParse({ template: 'shipping-update', to: 'a@b.co', orderId }).success,
    ).toBe(false);
    expect(mailJobSchema.safeParse({ template: 'newsletter', to: 'a@b.co', orderId }).success).toBe(
      false,
    );
  });

  it.each(jobs.map((job) => [job.template, job] as const))(
    '%s renders RTL Hebrew HTML and a text part',
    async (_name, job) => {
      expect(mailJobSchema.safeParse(job).success).toBe(true);
      const mail = await renderMail(job, contextWith(null));
      expect(mail.subject).toMatch(/[\u0590-\u05ff]/);
      expect(mail.html).toContain('<html dir="rtl" lang="he">');
      expect(mail.html).not.toMatch(/<style/);
      expect(mail.text).toContain('צוות מחברים');
      expect(mail.text).not.toMatch(/<[a-z]/i);
    },
  );

  it('order confirmation lists the lines and the total in he-IL shekels and attaches the receipt', async () => {
    const pdf = Buffer.from('%PDF-1.7 test');
    const mail = await renderMail(
      jobOf('order-confirmation'),
      contextWith({ number: 12, pdf, url: null }),
    );
    // The reference the orders page and the payment pages print: the id's last 8, in capitals.
    expect(mail.subject).toBe(`תודה על ההזמנה! הזמנה ${orderId.slice(-8).toUpperCase()} התקבלה`);
    expect(mail.text).toContain('שלום דנה,');
    expect(formatMoneyHe(agorot(17800))).toMatch(/^\u200f?178\s\u200f?₪$/);
    expect(formatMoneyHe(agorot(2990))).toMatch(/^\u200f?29\.90\s\u200f?₪$/);
    expect(mail.text).toContain(`הים של תל אביב × 2: ${formatMoneyHe(agorot(17800))}`);
    expect(mail.text).toContain(`משלוח: ${formatMoneyHe(agorot(2990))}`);
    expect(mail.text).toContain(`סה״כ ששולם: ${formatMoneyHe(agorot(32840))}`);
    expect(mail.text).toContain('חשבונית המס/קבלה מצורפת לאימייל הזה.');
    expect(mail.text).not.toContain('החשבונית המס');
    expect(mail.attachments).toEqual([
      { filename: 'receipt-12.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(mail.html).toContain('href="https://mechabrim.example/orders"');
  });

  it('order cancelled shows the fee and the refund and attaches the credit note', async () => {
    const pdf = Buffer.from('%PDF-1.7 credit');
    const mail = await renderMail(
      jobOf('order-cancelled'),
      contextWith(null, { number: 4, pdf, url: null }),
    );
    expect(mail.subject).toBe(`ההזמנה ${orderId.slice(-8).toUpperCase()} בוטלה`);
    expect(mail.text).toContain(`סכום ששולם: ${formatMoneyHe(agorot(32840))}`);
    expect(mail.text).toContain(`דמי ביטול (5%, עד 100 ₪): ${formatMoneyHe(agorot(1642))}`);
    expect(mail.text).toContain(`הזיכוי לכרטיס: ${formatMoneyHe(agorot(31198))}`);
    expect(mail.text).toContain('חשבונית הזיכוי (מס׳ 4) מצורפת לאימייל הזה.');
    expect(mail.attachments).toEqual([
      { filename: 'credit-note-4.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
  });

  it('order cancelled links a provider credit note and refuses a refund not on the order', async () => {
    const linked = await renderMail(
      jobOf('order-cancelled'),
      contextWith(null, { number: 9, pdf: null, url: 'https://morning.example/doc/9' }),
    );
    expect(linked.html).toContain('href="https://morning.example/doc/9"');
    expect(linked.attachments).toEqual([]);
    await expect(
      renderMail(
        {
          template: 'order-cancelled',
          to: 'dana@example.com',
          orderId,
          refundRef: 'rf_BBBBBBBBBBBBBBBBBBBBBB',
        },
        contextWith(null),
      ),
    ).rejects.toThrow('not on its order');
  });

  it('order returned lists the copies sent back and the refund, with the credit note', async () => {
    const pdf = Buffer.from('%PDF-1.4 credit note');
    const mail = await renderMail(
      jobOf('order-returned'),
      contextWith(null, { number: 5, pdf, url: null }),
    );
    expect(mail.subject).toBe(`הספרים שהחזרתם מההזמנה ${orderReference(orderId)} הגיעו אלינו`);
    expect(mail.text).toContain('הים של תל אביב: עותק אחד');
    expect(mail.text).not.toContain('Python למתחילים');
    expect(mail.text).toContain(`הזיכוי לכרטיס: ${formatMoneyHe(agorot(8900))}`);
    expect(mail.text).toContain('דמי המשלוח, לנו ובחזרה, אינם מוחזרים.');
    expect(mail.text).toContain('חשבונית הזיכוי (מס׳ 5) מצורפת לאימייל הזה.');
    expect(mail.attachments).toEqual([
      { filename: 'credit-note-5.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    const linked = await renderMail(
      jobOf('order-returned'),
      contextWith(null, { number: 6, pdf: null, url: 'https://morning.example/doc/6' }),
    );
    expect(linked.html).toContain('href="https://morning.example/doc/6"');
  });

  it('return rejected says why, escaped in HTML', async () => {
    const mail = await renderMail(jobOf('return-rejected'), contextWith(null));
    expect(mail.subject).toBe(`בקשת ההחזרה מההזמנה ${orderReference(orderId)} לא אושרה`);
    expect(mail.text).toContain('הסיבה: הספרים הגיעו משומשים & קרועים');
    expect(mail.html).toContain('הספרים הגיעו משומשים &amp; קרועים');
  });

  it('review-decided tells the reader why a review was rejected, escaped, and links to the book; an approval has no reason', async () => {
    const job = jobOf('review-decided') as MailJobOf<'review-decided'>;
    // What readers and admins wrote may look like markup: the HTML part escapes it.
    const hostile = { ...job, bookTitle: 'האור <שבין> הגלים', reviewTitle: '<script>x</script>' };
    const rejected = await renderMail(hostile, contextWith(null));
    expect(rejected.subject).toBe('הביקורת שלך על "האור <שבין> הגלים" לא פורסמה');
    expect(rejected.text).toContain('הסיבה: חושף את הסוף & יותר');
    expect(rejected.html).toContain('חושף את הסוף &amp; יותר');
    expect(rejected.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(rejected.html).not.toContain('<script>');
    expect(rejected.html).toContain(`href="https://mechabrim.example/book/${'a'.repeat(24)}"`);
    const approved = await renderMail({ ...hostile, decision: 'approved' }, contextWith(null));
    expect(approved.subject).toBe('הביקורת שלך על "האור <שבין> הגלים" פורסמה');
    expect(approved.text).not.toContain('הסיבה');
  });

  it('shipping update names the order by the same reference as the orders page', async () => {
    const mail = await renderMail(jobOf('shipping-update'), contextWith(null));
    expect(mail.subject).toBe(`ההזמנה ${orderReference(orderId)} נשלחה`);
    expect(orderReference(orderId)).toBe(orderId.slice(-8).toUpperCase());
  });

  it('ready for pickup gives the Tel Aviv branch address and hours, and no tracking number', async () => {
    const mail = await renderMail(jobOf('ready-for-pickup'), contextWith(null));
    expect(mail.subject).toBe(`ההזמנה ${orderReference(orderId)} מוכנה לאיסוף בסניף תל אביב`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(PICKUP_BRANCH.addressHe);
      expect(part).toContain(PICKUP_BRANCH.hoursHe);
      expect(part).not.toContain('מעקב');
    }
    expect(mail.attachments).toEqual([]);
  });

  it("order confirmation links Morning's document when there is no local PDF", async () => {
    const mail = await renderMail(
      jobOf('order-confirmation'),
      contextWith({ number: 3, pdf: null, url: 'https://morning.example/d.pdf' }),
    );
    expect(mail.attachments).toEqual([]);
    expect(mail.html).toContain('href="https://morning.example/d.pdf"');
  });

  it('donation thanks names the sum in shekels, the reference, and links the community page', async () => {
    const mail = await renderMail(jobOf('donation-thanks'), contextWith(null));
    expect(mail.subject).toBe('תודה על התרומה לקרן הקהילה של מחברים');
    expect(mail.text).toContain('שלום דנה,');
    expect(mail.text).toContain(`סכום התרומה: ${formatMoneyHe(agorot(18_000))}`);
    expect(mail.text).toContain('293A4B');
    expect(mail.text).toContain('/community-donation');
    const anonymous = await renderMail(
      { ...(jobOf('donation-thanks') as MailJobOf<'donation-thanks'>), donorName: null },
      contextWith(null),
    );
    expect(anonymous.text).toContain('שלום,');
  });

  it('escapes data in HTML', async () => {
    const job = { ...jobOf('book-approved'), bookTitle: '<script>x</script>' } as MailJob;
    const mail = await renderMail(job, contextWith(null));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('book-rejected lists failed checks first; book-sold states the earnings', async () => {
    const rejected = await renderMail(jobOf('book-rejected'), contextWith(null));
    expect(rejected.text.indexOf('רזולוציית התמונות')).toBeLessThan(
      rejected.text.indexOf('גודל העמוד'),
    );
    expect(rejected.text).toContain(
      '- רזולוציית התמונות · נכשל: תמונה בעמוד 12 ברזולוציה של 150 DPI',
    );
    const sold = await renderMail(jobOf('book-sold'), contextWith(null));
    expect(sold.subject).toBe('נמכרו 2 עותקים של "הים של תל אביב"');
    expect(sold.text).toContain('נמכרו 2 עותקים של הספר "הים של תל אביב".');
    const one = await renderMail(
      { ...(jobOf('book-sold') as MailJobOf<'book-sold'>), quantity: 1 },
      contextWith(null),
    );
    expect(one.subject).toBe('נמכר עותק של "הים של תל אביב"');
    expect(one.text).toContain('נמכר עותק אחד של הספר "הים של תל אביב".');
    expect(sold.text).toContain(`חלקך במכירה: ${formatMoneyHe(agorot(15130))}`);
  });

  describe('the preflight report and the reason, worded as the author portal shows them', () => {
    // A stored report's checks, as the API turns them into the job's report.
    const checks: PreflightCheck[] = [
      {
        id: 'interior.page-size',
        status: 'pass',
        title: 'גודל העמודים',
        measured: '154×216 מ״מ בכל 212 העמודים',
        expected: '154×216 מ״מ (±1)',
        explanation: 'כל העמודים בגודל הנכון.',
        fix: '',
      },
      {
        id: 'interior.fonts-embedded',
        status: 'fail',
        title: 'גופנים מוטמעים',
        measured: '2 גופנים לא מוטמעים',
        expected: 'כל הגופנים מוטמעים',
        explanation: 'בית הדפוס לא יכול להדפיס גופן שאינו בקובץ.',
        fix: 'לייצא שוב ל-PDF עם הטמעת כל הגופנים.',
      },
      {
        id: 'cover.spine-text',
        status: 'warn',
        title: 'טקסט על השדרה',
        measured: '',
        expected: 'טקסט במרחק 1.5 מ״מ לפחות מקצות השדרה',
        explanation: 'לא הצלחנו למדוד את מיקום הטקסט.',
        fix: 'כדאי לבדוק ידנית.',
      },
    ];
    const review = {
      to: 'noa@example.com',
      bookId: new Types.ObjectId().toHexString(),
      bookTitle: 'הים של תל אביב',
      authorName: 'נועה',
      report: preflightMailItems(checks),
    };
    const l = preflightLabelsHe;

    it('book-rejected: under "מה צריך לתקן", the reason and every check with its verdict', async () => {
      const job = mailJobSchema.parse({
        ...review,
        template: 'book-rejected',
        reason: 'הכריכה מטושטשת',
      });
      const mail = await renderMail(job, contextWith(null));
      for (const body of [mail.text, mail.html]) {
        const section = body.indexOf('מה צריך לתקן');
        expect(section).toBeGreaterThan(-1);
        expect(body.indexOf('מה כתב צוות האתר: הכריכה מטושטשת')).toBeGreaterThan(section);
        expect(body.indexOf('גופנים מוטמעים')).toBeGreaterThan(section);
        // What failed comes before what passed.
        expect(body.indexOf('גופנים מוטמעים')).toBeLessThan(body.indexOf('גודל העמודים'));
      }
      expect(mail.text).toContain(
        `- גופנים מוטמעים · ${l.check.fail}: ${l.measured}: 2 גופנים לא מוטמעים · ${l.expected}: כל הגופנים מוטמעים · בית הדפוס לא יכול להדפיס גופן שאינו בקובץ. · ${l.fix}: לייצא שוב ל-PDF עם הטמעת כל הגופנים.`,
      );
      expect(mail.text).toContain(`- טקסט על השדרה · ${l.check.warn}: `);
      expect(mail.text).toContain(`- גודל העמודים · ${l.check.pass}: `);
      expect(mail.html).toContain('<strong>גופנים מוטמעים</strong>');
    });

    it('book-approved: under "תוצאות הבדיקה", every check with its verdict', async () => {
      const job = mailJobSchema.parse({ ...review, template: 'book-approved' });
      const mail = await renderMail(job, contextWith(null));
      const section = mail.text.indexOf('תוצאות הבדיקה');
      expect(section).toBeGreaterThan(-1);
      expect(mail.text.indexOf(`- גודל העמודים · ${l.check.pass}: `)).toBeGreaterThan(section);
      expect(mail.text).toContain(`${l.measured}: 154×216 מ״מ בכל 212 העמודים`);
      expect(mail.html).toContain('<strong>גודל העמודים</strong>');
    });

    it('leaves out a section with nothing in it', async () => {
      const job = mailJobSchema.parse({ ...review, report: [], template: 'book-approved' });
      const mail = await renderMail(job, contextWith(null));
      expect(mail.text).not.toContain('תוצאות הבדיקה');
    });
  });

  it('payout-details-changed shows the masked account, the hold on a change, and no hold the first time', async () => {
    const changed = await renderMail(jobOf('payout-details-changed'), contextWith(null));
    expect(changed.subject).toBe('פרטי התשלום שלכם שונו');
    expect(changed.text).toContain('חשבון: ••••1116');
    expect(changed.text).toContain('התשלום הבא יועבר רק אחרי שצוות מחברים יבדוק את השינוי');
    expect(changed.html).toContain('dir="rtl"');
    expect(changed.html).toContain('https://mechabrim.example/contact');
    const first = await renderMail(
      {
        ...(jobOf('payout-details-changed') as MailJobOf<'payout-details-changed'>),
        firstTime: true,
      },
      contextWith(null),
    );
    expect(first.subject).toBe('פרטי התשלום שלכם נשמרו');
    expect(first.text).not.toContain('יבדוק את השינוי');
  });

  it('password-reset carries the single-use link in its fragment and says how long it works', async () => {
    const mail = await renderMail(jobOf('password-reset'), contextWith(null));
    const url = `https://mechabrim.example/reset-password#token=${'A'.repeat(40)}_-9`;
    expect(mail.subject).toBe('איפוס הסיסמה במחברים');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    // 09:00 UTC is 11:00 in Israel in March.
    expect(mail.text).toContain('הקישור תקף ל־30 דקות (עד 11:00) ולשימוש אחד בלבד.');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('password-changed says how it changed and that other sessions ended', async () => {
    const reset = await renderMail(jobOf('password-changed'), contextWith(null));
    expect(reset.subject).toBe('הסיסמה שלכם במחברים שונתה');
    expect(reset.text).toContain('אופסה דרך קישור');
    expect(reset.text).toContain('ההתחברות בכל המכשירים הסתיימה');
    expect(reset.text).toContain('https://mechabrim.example/forgot-password');
    const changed = await renderMail(
      { ...(jobOf('password-changed') as MailJobOf<'password-changed'>), how: 'changed' },
      contextWith(null),
    );
    expect(changed.text).toContain('שונתה מעמוד הפרופיל');
    expect(changed.text).toContain('בשאר המכשירים');
  });

  it('email-change-confirm links the new address to its confirmation; the old address is told', async () => {
    const confirm = await renderMail(jobOf('email-change-confirm'), contextWith(null));
    const url = `https://mechabrim.example/confirm-email#token=${'B'.repeat(43)}`;
    expect(confirm.text).toContain(url);
    expect(confirm.html).toContain(`href="${url}"`);
    expect(confirm.text).toContain('תקף ל־24 שעות');
    const notice = await renderMail(jobOf('email-change-requested'), contextWith(null));
    expect(notice.text).toContain('לכתובת dana.new@example.com');
    expect(notice.text).toContain('https://mechabrim.example/forgot-password');
    expect(notice.text).not.toContain('confirm-email');
  });

  it("payout statement names the month, the payout and the tax withheld, and attaches the statement's PDF", async () => {
    const pdf = Buffer.from('%PDF-1.7 statement');
    const mail = await renderMail(
      jobOf('payout-statement'),
      contextWith(null, null, { ...paidPayout, pdf }),
    );
    expect(mail.subject).toBe('דוח התמלוגים שלכם לחודש אוקטובר 2026');
    expect(mail.text).toContain('שלום נועה,');
    expect(mail.text).toContain(`סכום התשלום: ${formatMoneyHe(agorot(34000))}`);
    expect(mail.text).toContain(`ניכוי מס הכנסה במקור (30%): ${formatMoneyHe(agorot(10200))}`);
    expect(mail.text).toContain(`יועבר לחשבון הבנק: ${formatMoneyHe(agorot(23800))}`);
    expect(mail.text).toContain('הדוח המלא מצורף כקובץ PDF.');
    expect(mail.html).toContain(
      `href="https://mechabrim.example/author-dashboard/payouts/${payoutId}"`,
    );
    expect(mail.attachments).toEqual([
      { filename: 'statement-2026-10.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    // Addressed in the plural: no slash forms for one gender or the other.
    expect(mail.text).not.toMatch(/\/ת\b|\/ה\b|\/י\b/);
  });

  it('payout statement of a held payout says why nothing was paid and that the balance is kept', async () => {
    const mail = await renderMail(
      jobOf('payout-statement'),
      contextWith(null, null, {
        ...paidPayout,
        heldReason: 'no-details',
        grossAgorot: 0,
        withheldAgorot: 0,
        netAgorot: 0,
        carriedOverAgorot: 34000,
      }),
    );
    expect(mail.text).toContain('יש להזין את פרטי חשבון הבנק');
    expect(mail.text).toContain(`יתרה שעוברת לחודש הבא: ${formatMoneyHe(agorot(34000))}`);
    expect(mail.text).not.toContain('סכום התשלום');
    expect(mail.text).toContain('הדוח המלא זמין באזור התשלומים באתר.');
    expect(mail.attachments).toEqual([]);
  });
});
