/** Hebrew copy of the checkout. */
export const strings = {
  comingSoon: {
    badge: 'בקרוב',
    body: 'העמוד הזה נמצא בבנייה ויעלה בקרוב. בינתיים אפשר לחזור לדף הבית.',
    home: 'לדף הבית',
  },
  notFound: {
    title: 'הדף לא נמצא',
    body: 'ייתכן שהקישור שגוי או שהדף הוסר.',
    home: 'לדף הבית',
  },
  screens: {
    cart: 'סל הקניות',
    checkout: 'תשלום',
    paymentSuccess: 'התשלום בוצע בהצלחה',
    paymentFailed: 'התשלום נכשל',
    orders: 'ההזמנות שלי',
  },
  cart: {
    title: 'סל הקניות',
    empty: 'סל הקניות ריק',
    emptyBody: 'עוד לא נבחרו ספרים. הקטלוג מחכה.',
    browse: 'לקטלוג הספרים',
    loading: 'טוען את המחירים העדכניים…',
    loadFailed: 'לא הצלחנו לבדוק את המחירים העדכניים',
    loadFailedBody: 'בדקו את החיבור ונסו שוב. הסל שמור.',
    retry: 'לנסות שוב',
    byAuthor: (name: string) => `מאת ${name}`,
    unknownAuthor: 'מחבר/ת לא ידוע/ה',
    unitPrice: 'מחיר ליחידה',
    quantity: 'כמות',
    lineTotal: 'סה״כ לשורה',
    decrease: (title: string) => `הפחתת עותק אחד של ${title}`,
    increase: (title: string) => `הוספת עותק אחד של ${title}`,
    quantityOf: (title: string, quantity: number) =>
      quantity === 1 ? `${title}: עותק אחד` : `${title}: ${quantity} עותקים`,
    remove: 'הסרה',
    /** Read after the visible 'remove', so the button's name starts with what it shows. */
    removeWhat: (title: string) => ` של ${title} מהסל`,
    removed: (title: string) => `${title} הוסר מהסל`,
    priceChanged: 'המחיר השתנה',
    priceChangedNotice:
      'המחיר של ספר אחד או יותר השתנה מאז שנוסף לסל. הסכומים מחושבים לפי המחיר העדכני.',
    oldPrice: 'המחיר הקודם',
    newPrice: 'המחיר העדכני',
    unavailable: 'הספר אינו זמין כרגע',
    unavailableNotice:
      'ספר שבסל כבר אינו זמין ואינו נכלל בסכום. יש להסיר אותו מהסל כדי להמשיך לתשלום.',
    /** Free-shipping progress (spec §9, cart): counted in copies, as the shipping rule counts. */
    shippingProgressLabel: 'התקדמות למשלוח חינם',
    booksToFreeShipping: (missing: number) =>
      missing === 1 ? 'עוד ספר אחד למשלוח חינם' : `עוד ${missing} ספרים למשלוח חינם`,
    freeShippingReached: 'המשלוח הרגיל או האקספרס בחינם',
    great: 'מעולה!',
    summary: 'סיכום',
    copies: (count: number) => (count === 1 ? 'ספר אחד' : `${count} ספרים`),
    total: 'סה״כ',
    donation: (percent: number) => `מזה תרומה לקהילה (${percent}%)`,
    shippingAtCheckout: 'דמי המשלוח יחושבו בשלב התשלום.',
    checkout: 'למעבר לתשלום',
    checkoutBlocked: 'יש להסיר מהסל ספרים שאינם זמינים כדי להמשיך.',
  },
  checkout: {
    title: 'תשלום',
    checkingSession: 'בודקים את פרטי החשבון…',
    summary: 'סיכום ההזמנה',
    lineOf: (title: string, quantity: number) =>
      quantity === 1 ? title : `${title} × ${quantity}`,
    subtotal: 'סכום הספרים',
    shipping: 'משלוח',
    free: 'חינם',
    donation: (percent: number) => `מזה תרומה לקהילה (${percent}%)`,
    total: 'סה״כ לתשלום',
    serverPriced: 'הסכומים חושבו מחדש לפי המחירים העדכניים בקטלוג.',
    backToCart: 'חזרה לסל',
    details: 'פרטים למשלוח',
    detailsNote: 'הפרטים נדרשים למשלוח ולחשבונית, ויישמרו בדפדפן הזה להזמנה הבאה.',
    firstName: 'שם פרטי',
    lastName: 'שם משפחה',
    phone: 'טלפון נייד',
    phoneHint: 'לדוגמה 050-1234567',
    email: 'דוא״ל',
    street: 'רחוב ומספר בית',
    city: 'עיר',
    zip: 'מיקוד',
    zipHint: '7 ספרות',
    region: 'אזור המשלוח',
    regions: {
      'israel-centre': 'מרכז הארץ',
      'israel-sharon': 'השרון',
      'israel-other': 'שאר הארץ',
      'europe-usa': 'אירופה וארצות הברית',
      'asia-oceania': 'אסיה ואוקיאניה',
      'africa-south-america': 'אפריקה ודרום אמריקה',
    },
    method: 'שיטת משלוח',
    methods: {
      standard: 'משלוח רגיל',
      express: 'משלוח אקספרס',
      'next-day': 'משלוח ביום העסקים הבא',
      pickup: 'איסוף עצמי מסניף תל אביב',
      international: 'משלוח לחו״ל',
    },
    delivery: (min: number, max: number, unit: 'business-days' | 'days' | 'hours') => {
      if (unit === 'hours')
        return min === 1 && max === 1 ? 'מוכן לאיסוף תוך שעה' : `${min}–${max} שעות`;
      const days = unit === 'business-days' ? 'ימי עסקים' : 'ימים';
      if (min === max)
        return min === 1
          ? unit === 'business-days'
            ? 'יום עסקים אחד'
            : 'יום אחד'
          : `${min} ${days}`;
      return `${min}–${max} ${days}`;
    },
    notInRegion: 'לא זמין באזור שנבחר',
    freeBecause: {
      pickup: 'ללא עלות',
      vip: 'חינם לחברי מועדון VIP',
      'over-threshold': 'חינם בזכות סכום ההזמנה',
      'book-count': 'חינם בהזמנה של 4 ספרים ומעלה',
    },
    freeRulesTitle: 'מתי המשלוח בחינם',
    freeRules: (standardOver: string, expressOver: string, books: number) => [
      `משלוח רגיל חינם בהזמנה מעל ${standardOver}.`,
      `משלוח אקספרס חינם בהזמנה מעל ${expressOver}.`,
      `בהזמנה של ${books} ספרים ומעלה — משלוח רגיל ואקספרס חינם.`,
      'חברי מועדון VIP — משלוח חינם תמיד, בכל שיטות המשלוח בארץ.',
    ],
    youAreVip: 'חברות במועדון VIP: המשלוח בארץ עלינו.',
    pay: 'למעבר לתשלום מאובטח',
    paying: 'מכינים את התשלום…',
    frameTitle: 'תשלום מאובטח בכרטיס אשראי',
    frameHeading: 'תשלום מאובטח',
    frameNote: 'פרטי הכרטיס מוזנים ישירות בעמוד של חברת הסליקה ואינם נשמרים אצלנו.',
    frameLoading: 'טוען את טופס התשלום…',
    closeFrame: 'חזרה לפרטי ההזמנה',
    redirecting: 'מעבירים לעמוד התשלום…',
    errorTitle: 'התשלום לא נוצר',
    paymentCreateFailed: 'יצירת התשלום נכשלה. אפשר לנסות שוב בעוד רגע.',
    paymentError: 'אירעה שגיאה בעיבוד התשלום. אפשר לנסות שוב.',
    dismiss: 'סגירת ההודעה',
  },
} as const;
