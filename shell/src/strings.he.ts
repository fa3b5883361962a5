/** Hebrew copy of the shell: the frame, the header, the footer and the fallbacks. */
export const strings = {
  brand: 'מחברים',
  tagline: 'קהילה תומכת של קוראים, סופרים ואנשי מקצוע המחויבים לספרות העברית',
  skipToContent: 'דילוג לתוכן העיקרי',
  loading: 'טוען…',
  startup: {
    configFailed: 'לא הצלחנו לטעון את האתר. בדקו את החיבור ונסו שוב.',
    reload: 'טעינה מחדש',
  },
  errorBoundary: {
    title: 'משהו השתבש',
    body: 'אירעה שגיאה בלתי צפויה. אפשר לטעון את הדף מחדש או לחזור לדף הקודם.',
    reload: 'טעינה מחדש',
    back: 'חזרה',
  },
  remoteUnavailable: {
    title: 'החלק הזה של האתר אינו זמין כרגע',
    body: 'לא הצלחנו לטעון את התוכן. שאר האתר ממשיך לעבוד — אפשר לנסות שוב בעוד רגע.',
    retry: 'ניסיון חוזר',
    home: 'לדף הבית',
  },
  notFound: {
    title: 'הדף לא נמצא',
    body: 'ייתכן שהקישור שגוי או שהדף הוסר.',
    home: 'לדף הבית',
  },
  header: {
    home: 'מחברים — לדף הבית',
    mainNav: 'ניווט ראשי',
    authors: 'סופרים',
    about: 'אודות',
    contact: 'צור קשר',
    cart: 'סל הקניות',
    cartWithCount: (count: number) =>
      count === 1 ? 'סל הקניות, פריט אחד' : `סל הקניות, ${count} פריטים`,
  },
  footer: {
    terms: 'תנאי שימוש',
    authorsTerms: 'תנאי שימוש לסופרים',
    contact: 'צור קשר',
    copyright: (year: number) => `© ${year} מחברים. כל הזכויות שמורות.`,
  },
} as const;
