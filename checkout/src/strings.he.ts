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
} as const;
