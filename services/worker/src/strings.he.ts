import {
  BONUS_PERCENTS,
  CANCELLATION_FEE_CAP,
  CANCELLATION_FEE_PERCENT,
  MONTHLY_SALES_BONUS_OVER,
  toShekels,
} from '@mechabrim/money';
import { preflightStringsHe } from './book-uploads/preflight.strings.he';

/** Every Hebrew text the worker writes: receipts, mail and the preflight report. */
export const workerStringsHe = {
  preflight: preflightStringsHe,
  receipt: {
    title: 'חשבונית מס/קבלה',
    original: 'מקור',
    number: 'מספר',
    date: 'תאריך',
    order: 'מספר הזמנה',
    seller: 'העוסק',
    /** The business's number, named by what the business is. */
    taxId: { company: 'ח.פ.', 'licensed-dealer': 'ע.מ.' },
    buyer: 'לכבוד',
    description: 'תיאור',
    quantity: 'כמות',
    unitPrice: 'מחיר ליחידה',
    lineTotal: 'סה״כ',
    shipping: 'משלוח',
    net: 'סכום לפני מע״מ',
    vat: (percent: number) => `מע״מ ${percent}%`,
    total: 'סה״כ לתשלום',
    payment: 'אמצעי תשלום',
    paymentMethods: { credit_card: 'כרטיס אשראי', bit: 'ביט', paypal: 'PayPal' } as Record<
      string,
      string
    >,
    cardEnding: (last4: string) => `המסתיים ב־${last4}`,
    transaction: 'אסמכתה',
    bookLine: (title: string, author: string) => (author ? `${title} / ${author}` : title),
    footer: 'זהו מסמך ממוחשב ואינו דורש חתימה.',
  },
  /** The credit note (חשבונית זיכוי) of a refund, crediting the order's invoice-receipt. */
  creditNote: {
    title: 'חשבונית זיכוי',
    credits: (receiptNumber: number) => `זיכוי לחשבונית מס/קבלה מס׳ ${receiptNumber}`,
    reason: 'סיבת הזיכוי',
    reasons: {
      cancellation: (orderRef: string) => `ביטול הזמנה ${orderRef}`,
      return: (orderRef: string) => `החזרת ספרים מהזמנה ${orderRef}`,
    },
    net: 'סכום הזיכוי לפני מע״מ',
    total: 'סה״כ זיכוי',
    refundTo: 'ההחזר לאמצעי התשלום המקורי',
  },
  /** An author's payout statement (issue 23), the PDF of a payout run. */
  payoutStatement: {
    title: (month: string) => `דוח תמלוגים לחודש ${month}`,
    to: 'לכבוד',
    window: (from: string | null, to: string) =>
      from ? `תקופת הדוח: ${from}–${to}` : `תקופת הדוח: עד ${to}`,
    issuedAt: 'תאריך הפקה',
    account: (bank: string, branch: string, account: string) =>
      `חשבון לתשלום: ${bank}, סניף ${branch}, חשבון ${account}`,
    noAccount: 'חשבון לתשלום: טרם נמסרו פרטי חשבון בנק',
    columns: {
      order: 'הזמנה',
      copies: 'עותקים',
      price: 'מחיר',
      vat: 'מע״מ',
      community: 'קהילה',
      platform: 'פלטפורמה',
      print: 'הדפסה',
      refunds: 'החזרים',
      author: 'תמלוגים',
    },
    noLines: 'לא היו מכירות, החזרים או ביטולים בתקופת הדוח.',
    carriedIn: 'יתרה מדוחות קודמים',
    earned: 'תמלוגים ממכירות התקופה (אחרי החזרים)',
    bonuses: 'בונוסים',
    /** One bonus under the bonuses' sum: its rule and the month that earned it. */
    bonusLine: (rule: 'monthly-sales' | 'institutions' | 'loyalty', month: string) =>
      `${
        {
          'monthly-sales': `${BONUS_PERCENTS.monthlySales}% על מכירות חודשיות מעל ${toShekels(MONTHLY_SALES_BONUS_OVER).toLocaleString('he-IL')} ₪`,
          institutions: `${BONUS_PERCENTS.institutions}% על מכירות למוסדות חינוך וספריות`,
          loyalty: `${BONUS_PERCENTS.loyalty}% לסופרים הפעילים באתר יותר משנה`,
        }[rule]
      } (${month})`,
    balance: 'יתרה לזכותכם בסוף התקופה',
    gross: 'סכום התשלום',
    withheld: (percent: number) => `ניכוי מס הכנסה במקור (${percent}%)`,
    net: 'הועבר לחשבון הבנק',
    carriedOver: 'יתרה שעוברת לחודש הבא',
    held: {
      'on-hold':
        'התשלום לא הועבר החודש: פרטי חשבון הבנק שונו וממתינים לבדיקת צוות מחברים. היתרה נשמרת ותשולם אחרי הבדיקה.',
      'no-details':
        'התשלום לא הועבר החודש כי עדיין לא נמסרו פרטי חשבון בנק. היתרה נשמרת ותשולם אחרי שיוזנו הפרטים באזור התשלומים.',
    },
    continued: 'המשך',
  },
  /** Why an order's printing needs an admin (kept on the order, shown to admins). */
  print: {
    handoffFailed: (attempts: number, reason: string) =>
      `ההזמנה לא נמסרה לבית הדפוס אחרי ${attempts} ניסיונות. השגיאה האחרונה: ${reason}`,
    unprintable: (reason: string) => `אי אפשר לשלוח את ההזמנה להדפסה כפי שהיא: ${reason}`,
  },
  /** Why a refund did not reach the card, as the admins' list of refunds shows it. */
  refunds: {
    description: (orderRef: string) => `זיכוי הזמנה ${orderRef}`,
    unappliedDescription: (orderRef: string) => `החזר תשלום כפול או שגוי להזמנה ${orderRef}`,
    noCardTransaction:
      'להזמנה אין עסקת אשראי לזכות (הזמנה מלפני התשלום המקוון). יש להחזיר את הכסף ידנית.',
    unavailable: (detail: string) => `חברת הסליקה לא ענתה גם אחרי כל הניסיונות החוזרים: ${detail}`,
    declined: (code: string, detail: string) => `חברת הסליקה דחתה את הזיכוי (${code}): ${detail}`,
  },
  mail: {
    greeting: (name: string) => (name ? `שלום ${name},` : 'שלום,'),
    signature: 'צוות מחברים',
    footer: 'מחברים: חנות הספרים של הסופרות והסופרים העצמאיים',
    orderConfirmation: {
      subject: (orderRef: string) => `תודה על ההזמנה! הזמנה ${orderRef} התקבלה`,
      intro: 'התשלום התקבל וההזמנה שלכם בדרך להדפסה. אלה פרטי ההזמנה:',
      total: 'סה״כ ששולם',
      shipping: 'משלוח',
      receiptAttached: 'חשבונית המס/קבלה מצורפת לאימייל הזה.',
      receiptLink: 'לצפייה בחשבונית המס/קבלה',
      receiptLater: 'החשבונית תישלח אליכם בנפרד ותופיע גם בעמוד ההזמנות.',
      ordersLink: 'להזמנות שלי',
    },
    orderCancelled: {
      subject: (orderRef: string) => `ההזמנה ${orderRef} בוטלה`,
      intro: 'ביטלנו את ההזמנה לפי בקשתכם, והספרים לא יודפסו. אלה פרטי הביטול:',
      paid: 'סכום ששולם',
      // The policy's own figures (libs/money), so the mail never restates a money rule.
      fee: `דמי ביטול (${CANCELLATION_FEE_PERCENT}%, עד ${toShekels(CANCELLATION_FEE_CAP)} ₪)`,
      refund: 'הזיכוי לכרטיס',
      refunded:
        'הזיכוי הועבר לחברת האשראי. הוא יופיע בפירוט החיובים של הכרטיס בתוך כמה ימי עסקים, לפי חברת האשראי.',
      creditNoteAttached: (number: number) => `חשבונית הזיכוי (מס׳ ${number}) מצורפת לאימייל הזה.`,
      creditNoteLink: (number: number) => `לצפייה בחשבונית הזיכוי מס׳ ${number}`,
      creditNoteLater: 'חשבונית הזיכוי תופיע בעמוד ההזמנות.',
    },
    orderReturned: {
      subject: (orderRef: string) => `הספרים שהחזרתם מההזמנה ${orderRef} הגיעו אלינו`,
      intro: 'הספרים שהחזרתם הגיעו אלינו, והחזרנו לכרטיס את מחירם. אלה הספרים שהוחזרו:',
      copies: (quantity: number) => (quantity === 1 ? 'עותק אחד' : `${quantity} עותקים`),
      refund: 'הזיכוי לכרטיס',
      refunded:
        'הזיכוי הועבר לחברת האשראי. הוא יופיע בפירוט החיובים של הכרטיס בתוך 5–7 ימי עסקים, לפי חברת האשראי.',
      shippingNotRefunded: 'דמי המשלוח, לנו ובחזרה, אינם מוחזרים.',
    },
    returnRejected: {
      subject: (orderRef: string) => `בקשת ההחזרה מההזמנה ${orderRef} לא אושרה`,
      intro: 'בדקנו את בקשתכם להחזיר ספרים מההזמנה, ולצערנו לא יכולנו לאשר אותה.',
      reason: 'הסיבה',
      questions: 'לשאלות אפשר להשיב לאימייל הזה או לכתוב לנו דרך עמוד יצירת הקשר.',
    },
    shippingUpdate: {
      subject: (orderRef: string) => `ההזמנה ${orderRef} נשלחה`,
      intro: 'הספרים הודפסו ויצאו לדרך. מספרי המעקב של המשלוח:',
      carrier: (carrier: string) => `חברת השילוח: ${carrier}`,
    },
    readyForPickup: {
      subject: (orderRef: string) => `ההזמנה ${orderRef} מוכנה לאיסוף בסניף תל אביב`,
      intro: 'הספרים הודפסו ומחכים לכם בסניף תל אביב. אפשר לבוא לאסוף אותם:',
      address: 'כתובת',
      hours: 'שעות פתיחה',
      bring: 'בבקשה הציגו בסניף את מספר ההזמנה.',
    },
    reviewDecided: {
      approvedSubject: (title: string) => `הביקורת שלך על "${title}" פורסמה`,
      approvedIntro: (title: string) =>
        `תודה ששיתפת! הביקורת שלך על הספר "${title}" אושרה ומופיעה עכשיו בעמוד הספר.`,
      rejectedSubject: (title: string) => `הביקורת שלך על "${title}" לא פורסמה`,
      rejectedIntro: (title: string) =>
        `בדקנו את הביקורת שלך על הספר "${title}", ולצערנו לא יכולנו לפרסם אותה. אפשר לערוך אותה בעמוד הספר ולשלוח שוב.`,
      reviewTitle: 'כותרת הביקורת',
      reason: 'הסיבה',
      bookLink: 'לעמוד הספר',
    },
    bookApproved: {
      subject: (title: string) => `הספר "${title}" אושר ופורסם`,
      intro: (title: string) => `הספר "${title}" עבר את הבדיקה לפני הדפסה ועלה לחנות.`,
      report: 'תוצאות הבדיקה',
    },
    bookRejected: {
      subject: (title: string) => `הספר "${title}" צריך תיקונים לפני פרסום`,
      intro: (title: string) =>
        `בבדיקה לפני הדפסה מצאנו בספר "${title}" דברים שצריך לתקן. אחרי התיקון אפשר להעלות את הקבצים שוב.`,
      report: 'מה צריך לתקן',
      reason: (reason: string) => `מה כתב צוות האתר: ${reason}`,
    },
    bookSold: {
      subject: (title: string, quantity: number) =>
        quantity === 1 ? `נמכר עותק של "${title}"` : `נמכרו ${quantity} עותקים של "${title}"`,
      intro: (title: string, quantity: number) =>
        quantity === 1
          ? `נמכר עותק אחד של הספר "${title}".`
          : `נמכרו ${quantity} עותקים של הספר "${title}".`,
      earnings: 'חלקך במכירה',
    },
    donationThanks: {
      subject: 'תודה על התרומה לקרן הקהילה של מחברים',
      intro:
        'התרומה שלך לקרן הקהילה התקבלה. כל שקל בקרן מגיע לפרויקטים של ספרות עברית, ואפשר לראות בעמוד הקהילה כמה קיבל כל פרויקט.',
      amount: 'סכום התרומה',
      paidAt: 'מועד התרומה',
      reference: 'אסמכתה',
      follow: 'לעמוד הקהילה',
    },
    payoutDetailsChanged: {
      subject: (firstTime: boolean) =>
        firstTime ? 'פרטי התשלום שלכם נשמרו' : 'פרטי התשלום שלכם שונו',
      intro: (firstTime: boolean) =>
        firstTime
          ? 'פרטי חשבון הבנק להעברת התמלוגים נשמרו בחשבון שלכם במחברים.'
          : 'פרטי חשבון הבנק להעברת התמלוגים בחשבון שלכם במחברים שונו.',
      hold: 'לביטחונכם, התשלום הבא יועבר רק אחרי שצוות מחברים יבדוק את השינוי.',
      notYou:
        'אם לא ביצעת את השינוי הזה, יש לפנות אלינו מיד דרך עמוד יצירת הקשר ולהחליף את הסיסמה.',
      contact: 'יצירת קשר',
      bank: 'בנק',
      account: 'חשבון',
      changedAt: 'מועד השינוי',
    },
    passwordReset: {
      subject: 'איפוס הסיסמה במחברים',
      intro: 'קיבלנו בקשה לאיפוס הסיסמה של החשבון שלכם במחברים. לבחירת סיסמה חדשה:',
      action: 'בחירת סיסמה חדשה',
      validity: (minutes: number, until: string) =>
        `הקישור תקף ל־${minutes} דקות (עד ${until}) ולשימוש אחד בלבד.`,
      notYou: 'אם לא ביקשתם לאפס את הסיסמה, אפשר להתעלם מההודעה: הסיסמה לא תשתנה.',
    },
    passwordChanged: {
      subject: 'הסיסמה שלכם במחברים שונתה',
      intro: (how: 'changed' | 'reset', at: string) =>
        how === 'reset'
          ? `הסיסמה של החשבון שלכם במחברים אופסה דרך קישור שנשלח באימייל (${at}).`
          : `הסיסמה של החשבון שלכם במחברים שונתה מעמוד הפרופיל (${at}).`,
      sessions: (how: 'changed' | 'reset') =>
        how === 'reset'
          ? 'לביטחונכם, ההתחברות בכל המכשירים הסתיימה.'
          : 'לביטחונכם, ההתחברות בשאר המכשירים הסתיימה.',
      notYou:
        'אם לא אתם שיניתם את הסיסמה, אפשר לבחור סיסמה חדשה בעמוד "שכחתי סיסמה" ולפנות אלינו דרך עמוד יצירת הקשר.',
      forgot: 'שכחתי סיסמה',
    },
    emailChangeConfirm: {
      subject: 'אישור כתובת האימייל החדשה במחברים',
      intro: 'ביקשתם להעביר את החשבון שלכם במחברים לכתובת הזו. לאישור ההחלפה:',
      action: 'אישור הכתובת החדשה',
      validity: (hours: number) =>
        `הקישור תקף ל־${hours} שעות ולשימוש אחד בלבד. אחרי האישור יש להתחבר מחדש עם הכתובת החדשה.`,
      notYou: 'אם לא ביקשתם את ההחלפה, אפשר להתעלם מההודעה: שום דבר לא ישתנה.',
    },
    emailVerify: {
      subject: 'אימות כתובת האימייל שלכם במחברים',
      intro: 'תודה שנרשמתם למחברים! כדי שנוכל לשלוח לכתובת הזו עדכונים על החשבון, אשרו שהיא שלכם:',
      action: 'אימות הכתובת',
      validity: (hours: number) => `הקישור תקף ל־${hours} שעות ולשימוש אחד בלבד.`,
      notYou: 'אם לא נרשמתם למחברים, אפשר להתעלם מההודעה.',
    },
    newBooks: {
      subject: (count: number) =>
        count === 1
          ? 'ספר חדש מסופרים שאתם עוקבים אחריהם'
          : `${count} ספרים חדשים מסופרים שאתם עוקבים אחריהם`,
      intro: (day: string) =>
        `אלה הספרים שעלו למכירה ב־${day} אצל סופרים וסופרות שאתם עוקבים אחריהם:`,
      byAuthor: (authorName: string) => (authorName ? `מאת ${authorName}` : ''),
      unsubscribe: 'להפסקת העדכונים על ספרים חדשים',
      unsubscribeNote: 'קיבלתם את ההודעה כי אתם עוקבים אחרי הסופרים האלה במחברים.',
    },
    emailChangeRequested: {
      subject: 'בקשה להחלפת כתובת האימייל במחברים',
      intro: (newEmail: string, at: string) =>
        `ב־${at} התבקשה העברה של החשבון שלכם במחברים לכתובת ${newEmail}. הכתובת תוחלף רק אחרי לחיצה על קישור שנשלח אליה.`,
      notYou:
        'אם לא אתם ביקשתם את ההחלפה, כדאי לבחור סיסמה חדשה בעמוד "שכחתי סיסמה" ולפנות אלינו דרך עמוד יצירת הקשר.',
      forgot: 'שכחתי סיסמה',
    },
    payoutStatement: {
      subject: (month: string) => `דוח התמלוגים שלכם לחודש ${month}`,
      intro: (month: string) =>
        `דוח התמלוגים לחודש ${month} מצורף לאימייל הזה: כל מכירה עם מספר ההזמנה שלה, ההחזרים, הבונוסים והתשלום.`,
      paid: 'התשלום יועבר לחשבון הבנק שלכם בימים הקרובים.',
      held: {
        'on-hold':
          'התשלום החודשי ממתין לבדיקת צוות מחברים אחרי שינוי פרטי חשבון הבנק. היתרה נשמרת לכם ותשולם אחרי הבדיקה.',
        'no-details':
          'כדי שנוכל להעביר את התשלום, יש להזין את פרטי חשבון הבנק באזור התשלומים באתר. היתרה נשמרת לכם עד אז.',
      },
      balance: 'יתרה לזכותכם בסוף התקופה',
      gross: 'סכום התשלום',
      withheld: (percent: number) => `ניכוי מס הכנסה במקור (${percent}%)`,
      net: 'יועבר לחשבון הבנק',
      carriedOver: 'יתרה שעוברת לחודש הבא',
      pdfAttached: 'הדוח המלא מצורף כקובץ PDF.',
      pdfLater: 'הדוח המלא זמין באזור התשלומים באתר.',
      view: 'לצפייה בדוח באתר',
    },
    devOutbox: {
      title: 'תיבת הדואר היוצא (פיתוח)',
      empty: 'עדיין לא נשלחו הודעות.',
      when: 'מתי',
      to: 'אל',
      subject: 'נושא',
      template: 'תבנית',
      status: 'מצב',
      attachments: 'קבצים מצורפים',
      size: (bytes: number) =>
        bytes < 1024 ? `${bytes} בתים` : `${(bytes / 1024).toFixed(1)} ק״ב`,
      notKept: 'התוכן לא נשמר',
    },
  },
} as const;
