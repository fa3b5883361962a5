/** Every message the API shows to users, in Hebrew. Modules add their own sections here. */
export const messagesHe = {
  errors: {
    badRequest: 'הבקשה אינה תקינה.',
    validation: 'חלק מהשדות שנשלחו אינם תקינים.',
    malformedJson: 'גוף הבקשה אינו JSON תקין.',
    tooDeep: (maxDepth: number) => `מבנה הנתונים בבקשה עמוק מדי (עד ${maxDepth} רמות).`,
    nulInKey: 'שמות שדות בבקשה אינם יכולים להכיל את התו NUL.',
    operatorKeys: 'הבקשה מכילה שמות שדות אסורים (שמות המתחילים ב־$ אינם מותרים).',
    unsupportedMediaType: 'סוג התוכן של הבקשה אינו נתמך.',
    payloadTooLarge: 'הבקשה גדולה מדי.',
    badUrl: 'כתובת הבקשה אינה תקינה.',
    urlTooLong: 'כתובת הבקשה ארוכה מדי.',
    unauthorized: 'יש להתחבר כדי לבצע פעולה זו.',
    forbidden: 'אין לכם הרשאה לבצע פעולה זו.',
    notFound: 'הדף או המשאב המבוקש לא נמצא.',
    routeNotFound: 'הכתובת המבוקשת לא נמצאה.',
    conflict: 'הפעולה מתנגשת במידע קיים.',
    tooManyRequests: 'נשלחו יותר מדי בקשות. נסו שוב בעוד מספר רגעים.',
    unavailable: 'השירות אינו זמין כרגע. נסו שוב בעוד מספר רגעים.',
    databaseUnavailable: 'מסד הנתונים אינו זמין כרגע. נסו שוב בעוד מספר רגעים.',
    queueUnavailable: 'שירות העיבוד ברקע אינו זמין כרגע. נסו שוב בעוד מספר רגעים.',
    internal: 'אירעה שגיאה בלתי צפויה. נסו שוב מאוחר יותר.',
    corsForbidden: 'המקור של הבקשה אינו מורשה.',
  },
  validation: {
    required: 'שדה חובה',
    invalidType: (expected: string) => `ערך מסוג שגוי (נדרש ${expectedHe(expected)})`,
    tooShort: (min: number | bigint) => `קצר מדי (לפחות ${min})`,
    tooLong: (max: number | bigint) => `ארוך מדי (לכל היותר ${max})`,
    tooSmall: (min: number | bigint) => `קטן מדי (לפחות ${min})`,
    tooBig: (max: number | bigint) => `גדול מדי (לכל היותר ${max})`,
    invalidFormat: 'הפורמט אינו תקין',
    invalidEmail: 'כתובת האימייל אינה תקינה',
    invalidOption: (options: string) => `ערך לא מוכר (אפשרויות: ${options})`,
    unknownField: 'שדה לא מוכר',
    forbiddenKey: 'שמות שדות אינם יכולים להתחיל ב־$',
    invalid: 'ערך לא תקין',
  },
  auth: {
    emailTaken: 'כתובת האימייל כבר רשומה במערכת. אפשר להתחבר או לבחור כתובת אחרת.',
    invalidCredentials: 'האימייל או הסיסמה שגויים.',
    tokenMissing: 'יש להתחבר כדי לבצע פעולה זו.',
    tokenInvalid: 'תוקף ההתחברות פג או שאינו תקין. נא להתחבר מחדש.',
    sessionEnded: 'ההתחברות שלכם הסתיימה. נא להתחבר מחדש.',
    handoverInvalid: 'קוד ההעברה אינו תקף או שפג תוקפו. נא להתחבר מחדש.',
    handoverWrongOrigin: 'קוד ההעברה נועד לכתובת אחרת של האתר ואינו תקף כאן. נא להתחבר מחדש.',
    userNotFound: 'המשתמש לא נמצא. נא להתחבר מחדש.',
    profileUpdated: 'הפרופיל עודכן בהצלחה',
    tooManyAttempts: 'יותר מדי ניסיונות. נסו שוב בעוד מספר דקות.',
    accountLocked: 'היו יותר מדי ניסיונות התחברות שגויים לחשבון זה. נסו שוב בעוד מספר רגעים.',
    avatarInvalid:
      'כתובת התמונה אינה מורשית: אפשר להשתמש בתמונה מהאתר או בכתובת https מאתר תמונות מאושר.',
    authorsOnly: 'הפעולה הזאת זמינה לסופרים ולסופרות בלבד.',
    resetLinkSent:
      'אם הכתובת רשומה אצלנו, שלחנו אליה קישור לאיפוס הסיסמה. הקישור תקף ל־30 דקות ולשימוש אחד.',
    resetLinkExpired:
      'הקישור לאיפוס הסיסמה כבר שומש או שפג תוקפו. אפשר לבקש קישור חדש בעמוד "שכחתי סיסמה".',
    tooManyResetMails:
      'כבר שלחנו לכתובת הזו כמה קישורים לאיפוס סיסמה. נסו שוב מאוחר יותר או בדקו את תיבת הדואר.',
    passwordReset: 'הסיסמה החדשה נשמרה. אפשר להתחבר איתה עכשיו.',
    passwordChanged: 'הסיסמה שונתה. ההתחברות בשאר המכשירים הסתיימה.',
    currentPasswordWrong: 'הסיסמה הנוכחית שגויה.',
    passwordUnchanged: 'הסיסמה החדשה זהה לנוכחית. בחרו סיסמה אחרת.',
    emailChangeNeedsPassword: 'כדי להחליף את כתובת האימייל יש להקליד את הסיסמה הנוכחית.',
    emailChangePending: (email: string) =>
      `שלחנו קישור לאישור אל ${email}. הכתובת תוחלף אחרי לחיצה על הקישור, תוך 24 שעות.`,
    emailLinkExpired:
      'הקישור לאישור כתובת האימייל כבר שומש או שפג תוקפו. אפשר לבקש החלפה מחדש בעמוד הפרופיל.',
    emailChanged: 'כתובת האימייל הוחלפה. יש להתחבר מחדש עם הכתובת החדשה.',
    deletedName: 'חשבון שנמחק',
    accountDeleted: 'החשבון נמחק. ההזמנות והקבלות נשמרות כנדרש בחוק, בלי השם ופרטי הקשר שלכם.',
    deleteAdmin: 'אי אפשר למחוק חשבון ניהול מכאן.',
    deleteAuthor:
      'חשבון סופרים נסגר דרך צוות מחברים, כדי שהספרים, ההכנסות והתשלומים יטופלו כראוי. כתבו לנו בעמוד יצירת הקשר.',
    deleteOpenOrders:
      'יש בחשבון הזמנה שעדיין בדרך אליכם או החזרה בטיפול. אפשר למחוק את החשבון אחרי שהיא תושלם.',
    emailVerified: 'כתובת האימייל אומתה. תודה!',
    verifyLinkExpired:
      'הקישור לאימות כתובת האימייל כבר שומש, פג תוקפו או שהכתובת הוחלפה מאז. אפשר לשלוח קישור חדש מהבאנר שבראש האתר.',
    verifyLinkSent: (email: string) =>
      `שלחנו קישור לאימות אל ${email}. הקישור תקף ל־48 שעות ולשימוש אחד.`,
    alreadyVerified: 'כתובת האימייל של החשבון כבר מאומתת.',
    tooManyVerifyMails:
      'כבר שלחנו כמה קישורי אימות לחשבון הזה. בדקו את תיבת הדואר (גם בתיקיית הספאם) או נסו שוב מאוחר יותר.',
  },
  follows: {
    authorNotFound: 'הסופר או הסופרת לא נמצאו',
    followed: (name: string) => `מעכשיו תקבלו עדכון כשיֵצא ספר חדש של ${name}.`,
    unfollowed: (name: string) => `הפסקתם לעקוב אחרי ${name}.`,
    notSelf: 'אי אפשר לעקוב אחרי עצמכם.',
    tooManyFollows: 'עקבתם והפסקתם לעקוב פעמים רבות מדי בזמן קצר. נסו שוב מאוחר יותר.',
    tooManyRequests: 'נשלחו יותר מדי בקשות מעקב. נסו שוב בעוד מספר רגעים.',
    unsubscribed:
      'הסרנו אתכם מרשימת התפוצה של ספרים חדשים. אפשר לחזור ולקבל עדכונים מעמוד הפרופיל.',
    unsubscribeLinkInvalid:
      'קישור ההסרה אינו תקין או שפג תוקפו. אפשר להפסיק עדכונים מעמוד הפרופיל.',
    mailsOn: 'העדכונים על ספרים חדשים יישלחו שוב.',
  },
  books: {
    notFound: 'הספר לא נמצא',
    unknownCategory: 'קטגוריה לא מוכרת',
    coverNotFound: 'תמונת הכריכה לא נמצאה',
    excerptNotFound: 'אין קטע לקריאה מהספר הזה',
    excerptRangeInvalid: 'החלק המבוקש של הקטע אינו קיים',
  },
  authors: {
    notFound: 'חשבון הסופר לא נמצא',
    profileSaved: 'הפרופיל נשמר בהצלחה',
  },
  payouts: {
    saved: 'פרטי התשלום נשמרו',
    changedOnHold:
      'פרטי התשלום עודכנו. לביטחונכם, התשלום הבא יועבר אחרי שצוות מחברים יבדוק את השינוי, ושלחנו לכם על כך הודעה באימייל.',
    unchanged: 'פרטי התשלום לא השתנו',
    unavailable: 'פרטי התשלום אינם זמינים כרגע. נסו שוב מאוחר יותר או פנו אלינו.',
    holdReleased: 'ההמתנה שוחררה, והתשלום שהמתין יועבר כבר החודש',
    noHold: 'אין תשלום ממתין לבדיקה בחשבון הסופר הזה',
    institutionMarked: 'החשבון סומן כמוסד חינוך או ספרייה',
    institutionUnmarked: 'החשבון אינו מסומן עוד כמוסד',
    accountNotFound: 'החשבון לא נמצא',
    runNotFound: 'הרצת התשלומים לא נמצאה',
    runStillRunning: 'הרצת התשלומים עדיין פועלת. אפשר לסמן את הקובץ כנשלח כשהיא תסתיים.',
    noBatch: 'בהרצה הזו אין קובץ העברות: אף סופר לא קיבל תשלום בה',
    batchMarkedSent: 'קובץ ההעברות סומן כנשלח לבנק',
    batchAlreadySent: 'קובץ ההעברות כבר סומן כנשלח לבנק',
    payoutNotFound: 'התשלום לא נמצא',
    payoutNotReturnable: 'אפשר לסמן כמוחזר רק תשלום שהועבר לבנק',
    payoutReturned: 'התשלום סומן כמוחזר מהבנק, והיתרה חזרה לחשבון הסופר ותשולם בהרצה הבאה',
    payoutAlreadyReturned: 'התשלום כבר סומן כמוחזר מהבנק',
    statementNotReady: 'הדוח של התשלום הזה עדיין בהכנה. נסו שוב בעוד כמה דקות.',
  },
  communityFund: {
    projectNotFound: 'הפרויקט לא נמצא',
    bankRequiredWhenActive: 'פרויקט פעיל מקבל כסף מהקרן, ולכן יש להזין את פרטי החשבון להעברה',
    detailsUnavailable: 'פרטי החשבון אינם זמינים כרגע. נסו שוב מאוחר יותר.',
    projectHasMoney:
      'הפרויקט כבר קיבל כסף מהקרן ומופיע בדוח הקהילה, ולכן אי אפשר למחוק אותו. אפשר להעביר אותו לסטטוס "בהקמה".',
    projectRemoved: 'הפרויקט נמחק',
    donationNotFound: 'התרומה לא נמצאה',
    donationDescription: 'תרומה לקרן הקהילה של מחברים',
    donationKeyReused: 'הבקשה הזאת כבר נשלחה עם סכום או פרטים אחרים. רעננו את הדף ונסו שוב.',
    donationAlreadyPaid: 'התרומה הזאת כבר התקבלה. תודה רבה!',
    allocationNotFound: 'ההקצאה לפרויקט לא נמצאה',
    allocationNotReturnable: 'אפשר לסמן כמוחזרת רק הקצאה שהועברה לבנק',
    allocationAlreadyReturned: 'ההעברה לפרויקט כבר סומנה כמוחזרת מהבנק',
    allocationReturned: 'ההעברה לפרויקט סומנה כמוחזרת מהבנק, והכסף חזר לקרן ויוקצה שוב בהרצה הבאה',
  },
  portal: {
    /** Spec §5, §8: 'You are not authorized to edit this book'. */
    notAuthorizedToEdit: 'אין לכם הרשאה לערוך ספר זה',
    notYourBook: 'אין לכם הרשאה לשנות ספר זה',
    notYourOwnAuthorId: 'אפשר לשלוח עריכה רק בשמך',
    wrongBook: 'העריכה נשלחה לספר אחר מזה שבכתובת',
    awaitingApproval: 'הספר עדיין ממתין לאישור, ולכן אי אפשר להציג אותו בחנות. נעדכן כשיאושר.',
    rejected: (reason: string) =>
      reason
        ? `הספר לא אושר לפרסום, ולכן אי אפשר להציג אותו בחנות. הסיבה: ${reason}`
        : 'הספר לא אושר לפרסום, ולכן אי אפשר להציג אותו בחנות.',
    shown: 'הספר מוצג כעת בחנות',
    hidden: 'הספר הוסתר מהחנות',
    deleted: 'הספר נמחק',
    editSubmitted: 'העריכה נשלחה לאישור. הספר יתעדכן בחנות לאחר שהעריכה תאושר.',
    earningsReachable: 'שירות ההכנסות זמין',
  },
  moderation: {
    bookApproved: 'הספר אושר ועלה לחנות',
    bookRejected: 'הספר נדחה, והסיבה תוצג בחשבון הסופר',
    editApproved: 'העריכה אושרה והספר עודכן',
    editRejected: 'העריכה נדחתה, והסיבה תוצג בחשבון הסופר',
    reviewApproved: 'הביקורת אושרה ומוצגת באתר',
    reviewRejected: 'הביקורת נדחתה',
    bookNotPending: 'הספר אינו ממתין לאישור',
    editNotFound: 'העריכה לא נמצאה',
    editNotPending: 'העריכה כבר טופלה',
    reviewNotFound: 'הביקורת לא נמצאה',
    reviewNotPending: 'הביקורת כבר טופלה',
    reviewChangedSinceSeen: 'הכותבים ערכו את הביקורת מאז שנפתחה. כדאי לקרוא אותה שוב לפני האישור.',
  },
  contacts: {
    sent: 'ההודעה נשלחה בהצלחה, נחזור אליכם בהקדם',
  },
  clientLogs: {
    tooDeep: (maxDepth: number) => `מבנה הנתונים ברשומת היומן עמוק מדי (עד ${maxDepth} רמות)`,
    nulInKey: 'שמות שדות ברשומת היומן אינם יכולים להכיל את התו NUL',
    budgetExceeded: 'נשלחו יותר מדי רשומות יומן מכתובת זו. נסו שוב בעוד דקה.',
    entryTooLarge: (index: number, maxKb: number) =>
      `רשומת יומן מספר ${index + 1} גדולה מדי (עד ${maxKb}KB לרשומה)`,
  },
  reviews: {
    /** The reviewer's name when none was kept: neutral, as the storefront says it. */
    anonymousReviewer: 'ללא שם',
    created: 'תודה! הביקורת נשלחה ותפורסם אחרי בדיקה קצרה',
    updated: 'הביקורת עודכנה ותפורסם שוב אחרי בדיקה קצרה',
    deleted: 'הביקורת נמחקה',
    markedHelpful: 'תודה, סימנו שהביקורת עזרה לך',
    reported: 'תודה על הדיווח. הביקורת הוסתרה עד שנבדוק אותה',
    signInToReview: 'כדי לכתוב ביקורת יש להתחבר לחשבון',
    notBought: 'אפשר לכתוב ביקורת רק על ספר שקניתם באתר',
    notDelivered: 'אפשר יהיה לכתוב ביקורת אחרי שהספר יגיע אליכם',
    alreadyReviewed: 'כבר כתבתם ביקורת על הספר הזה. אפשר לערוך אותה',
    ownBook: 'אי אפשר לכתוב ביקורת על ספר שכתבתם',
    notFound: 'הביקורת לא נמצאה',
    notYours: 'אפשר לערוך או למחוק רק ביקורת שכתבתם',
    ownReviewVote: 'אי אפשר לסמן או לדווח על ביקורת שכתבתם',
    ownBookReport: 'אי אפשר לדווח על ביקורת על ספר שכתבתם. אפשר לפנות אלינו דרך עמוד יצירת הקשר.',
    alreadyHelpful: 'כבר סימנתם שהביקורת הזאת עזרה לכם',
    alreadyReported: 'כבר דיווחתם על הביקורת הזאת, והיא ממתינה לבדיקה',
    tooManyReviews: 'כתבתם הרבה ביקורות בזמן קצר. נסו שוב מאוחר יותר.',
    tooManyReports: 'שלחתם הרבה דיווחים בזמן קצר. נסו שוב מאוחר יותר.',
    tooManyHelpful: 'סימנתם הרבה ביקורות בזמן קצר. נסו שוב מאוחר יותר.',
  },
  wishlist: {
    added: 'הספר נוסף לרשימת המשאלות',
    removed: 'הספר הוסר מרשימת המשאלות',
  },
  receipts: {
    notFound: 'לא נמצאה חשבונית להזמנה הזאת.',
    creditNoteNotFound: 'לא נמצאה חשבונית זיכוי כזאת להזמנה הזאת.',
  },
  health: {
    down: (names: string[]) => `השירות אינו זמין כרגע: ${names.join(', ')}`,
  },
  print: {
    badSignature: 'חתימת העדכון מבית הדפוס אינה תקינה',
    badCallback: 'העדכון מבית הדפוס אינו תקין',
    /** A print file address that was not signed by us, or was changed. */
    badFileAddress: 'הקישור לקובץ ההדפסה אינו תקין',
    fileAddressExpired: 'תוקף הקישור לקובץ ההדפסה פג. יש לבקש קישור חדש.',
    fileNotFound: 'קובץ ההדפסה לא נמצא',
    /** Why an order needs an admin: the partner stopped its job (its status, and what it said). */
    jobStopped: (status: string, said: string | undefined) =>
      `בית הדפוס עצר את ההדפסה (${status})${said ? `: ${said}` : ''}`,
    /**
     * Why a cancelled order needs an admin: the partner reports its job went on anyway (into
     * production, shipped or delivered).
     */
    printedAfterCancellation: (status: string) =>
      `ההזמנה בוטלה, אבל בית הדפוס דיווח ש${
        status === 'DELIVERED' ? 'היא נמסרה' : status === 'SHIPPED' ? 'היא נשלחה' : 'היא בהדפסה'
      } (${status}). יש לבדוק מול בית הדפוס מה נעשה בעותקים.`,
    /** The partner could not quote a print cost just now. */
    quoteUnavailable: 'בית הדפוס אינו זמין כרגע לחישוב עלות ההדפסה. נסו שוב בעוד כמה דקות.',
    /**
     * A price whose bearing share cannot cover the print cost of a copy: names the cost and the
     * lowest price that can (`share` says whose part pays the print).
     */
    priceBelowPrintCost: (price: string, cost: string, lowest: string, share: string) =>
      `המחיר ${price} ₪ נמוך מדי: הדפסת עותק עולה ${cost} ₪, והיא משולמת מ${share}. המחיר הנמוך ביותר האפשרי הוא ${lowest} ₪.`,
    /** Whose part of the price pays the print, by the split policy's bearer. */
    authorShare: (percent: number) => `חלק הסופרים במחיר (${percent}%)`,
    platformShare: (percent: number) => `חלק האתר במחיר (${percent}%)`,
    /** An approval needs a print cost quote, and the partner gave none. */
    approvalNeedsQuote:
      'אי אפשר לאשר את הספר לפני שבית הדפוס מוסר את עלות ההדפסה שלו, והוא אינו זמין כרגע. נסו שוב בעוד כמה דקות.',
    /** An approval needs the page count (the preflight has not measured it yet). */
    approvalNeedsPages:
      'אי אפשר לאשר את הספר עדיין: מספר העמודים שלו לא ידוע (בדיקת הקבצים עדיין לא הסתיימה), ולכן אין הצעת מחיר להדפסה.',
    /** The book's price cannot carry its print cost: the admin should reject it with a reason. */
    approvalPriceTooLow: (price: string, cost: string, lowest: string) =>
      `מחיר הספר (${price} ₪) אינו מכסה את עלות ההדפסה (${cost} ₪ לעותק); המחיר הנמוך ביותר האפשרי הוא ${lowest} ₪. יש לדחות את הספר ולבקש מהסופרים לעדכן את המחיר.`,
  },
  payments: {
    booksUnavailable: (titles: string[]) =>
      `הספרים הבאים אינם זמינים כרגע להזמנה: ${titles.join(', ')}. נא להסיר אותם מסל הקניות ולנסות שוב.`,
    unknownBook: 'ספר שאינו קיים עוד בקטלוג',
    quantityTooLarge: (max: number) => `אפשר להזמין עד ${max} עותקים מכל ספר`,
    shippingUnavailable: 'שיטת המשלוח שנבחרה אינה מגיעה לאזור המשלוח. נא לבחור שיטה אחרת.',
    idempotencyKeyReused: 'מזהה הבקשה כבר שימש להזמנה אחרת. נא לרענן את דף התשלום ולנסות שוב.',
    orderNotPending: 'ההזמנה הזאת כבר אינה ממתינה לתשלום.',
    tooManyAttempts:
      'דף התשלום של ההזמנה הזאת נפתח פעמים רבות מדי. אפשר לחזור לסל הקניות ולהתחיל תשלום חדש.',
    orderDescription: (count: number) =>
      count === 1 ? 'ספר אחד מחנות מחברים' : `${count} ספרים מחנות מחברים`,
    paymentNotFound: 'התשלום לא נמצא',
    badSignature: 'חתימת ההודעה אינה תקינה',
    badNotify: 'הודעת התשלום אינה תקינה',
    unknownProvider: 'ספק התשלום אינו מוכר',
    providerUnavailable: 'שירות התשלומים אינו זמין כרגע. נסו שוב בעוד מספר רגעים.',
    unappliedNotFound: 'לא נמצא תשלום להחזר בהזמנה הזאת עם מספר העסקה הזה',
  },
  refunds: {
    notFound: 'הזיכוי לא נמצא',
    notFailed: 'אפשר לנסות שוב רק זיכוי שנכשל. הזיכוי הזה ממתין או שכבר בוצע.',
  },
  returns: {
    notDelivered: 'אפשר להחזיר ספרים רק מהזמנה ששולמה ונמסרה.',
    windowPassed: 'עברו יותר מ־14 יום מאז שההזמנה נמסרה, ולכן אי אפשר להחזיר אותה.',
    alreadyRequested: 'כבר ביקשתם להחזיר ספרים מההזמנה הזאת. אפשר לבקש החזרה אחת בלבד להזמנה.',
    lineNotInOrder: 'אחת השורות שנבחרו להחזרה אינה בהזמנה.',
    tooManyCopies: (title: string, quantity: number) =>
      quantity === 1
        ? `מהספר "${title}" הוזמן עותק אחד בלבד.`
        : `מהספר "${title}" הוזמנו ${quantity} עותקים בלבד.`,
    notFound: 'לא נמצאה בקשת החזרה להזמנה הזאת',
    notRequested: 'אפשר לאשר הגעה רק של החזרה שממתינה. ההחזרה הזאת כבר טופלה.',
  },
  orders: {
    notFound: 'ההזמנה לא נמצאה',
    notCancellable:
      'אפשר לבטל הזמנה ששולמה רק לפני שנשלחה. הזמנה שנשלחה אפשר להחזיר לפי מדיניות ההחזרות.',
    alreadyInProduction:
      'הספרים בהזמנה הזאת כבר בהדפסה, ולכן אי אפשר לבטל אותה עכשיו. אחרי שההזמנה תגיע אפשר יהיה להחזיר אותה לפי מדיניות ההחזרות.',
    handoffInProgress: 'ההזמנה נשלחת לדפוס ממש עכשיו. כדאי לנסות לבטל שוב בעוד רגע.',
    printPartnerUnavailable:
      'אין כרגע קשר עם בית הדפוס, ולכן אי אפשר לבטל את ההזמנה. כדאי לנסות שוב בעוד כמה דקות.',
  },
} as const;

function expectedHe(expected: string): string {
  const names: Record<string, string> = {
    string: 'טקסט',
    number: 'מספר',
    boolean: 'אמת/שקר',
    object: 'אובייקט',
    array: 'רשימה',
    date: 'תאריך',
  };
  return (Object.hasOwn(names, expected) ? names[expected] : undefined) ?? expected;
}
