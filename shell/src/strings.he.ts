/** Hebrew copy of the shell: the frame, the header, the footer and the fallbacks. */
export const strings = {
  brand: 'מחברים',
  /** The letter in the logo's badge (decorative: the brand name beside it is the text). */
  logoMark: 'מ',
  tagline: 'קהילה תומכת של קוראים, סופרים ואנשי מקצוע המחויבים לספרות העברית',
  skipToContent: 'דילוג לתוכן העיקרי',
  /** The document's titles (index.html carries the home one for the first paint). */
  titles: { site: 'מחברים', home: 'מחברים — ספרים של סופרים עצמאיים' },
  loading: 'טוען…',
  startup: {
    configFailed: 'לא הצלחנו לטעון את האתר. בדקו את החיבור ונסו שוב.',
    reload: 'טעינה מחדש',
  },
  remoteUnavailable: {
    title: 'החלק הזה של האתר אינו זמין כרגע',
    body: 'לא הצלחנו לטעון את התוכן. שאר האתר ממשיך לעבוד — אפשר לנסות שוב בעוד רגע.',
    retry: 'לנסות שוב',
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
    contact: 'צרו קשר',
    cart: 'סל הקניות',
    cartWithCount: (count: number) =>
      count === 1 ? 'סל הקניות, ספר אחד' : `סל הקניות, ${count} ספרים`,
    homeLink: 'דף הבית',
    toHome: ' — לדף הבית',
    wishlist: 'רשימת המשאלות',
    search: {
      label: 'חיפוש ספרים וסופרים',
      placeholder: 'חיפוש ספר, סופר או נושא…',
      suggestions: 'הצעות חיפוש',
      searching: 'מחפש…',
      noResults: (q: string) => `לא נמצאו תוצאות עבור "${q}"`,
      allResults: (q: string) => `לכל התוצאות עבור "${q}"`,
    },
    userMenu: {
      account: 'החשבון שלי',
      signedInAs: (name: string) => `החשבון של ${name}`,
      hello: (name: string) => `שלום, ${name}`,
      login: 'התחברות',
      register: 'הרשמה',
      dashboard: 'לוח הבקרה לסופרים',
      moderation: 'ניהול תוכן',
      queueBoard: 'לוח תורי העבודה',
      queueBoardHint: 'נפתח בלשונית חדשה',
      orders: 'ההזמנות שלי',
      profile: 'הפרופיל שלי',
      wishlist: 'רשימת המשאלות',
      logout: 'התנתקות',
    },
    categories: {
      label: 'קטגוריות',
      loading: 'טוען קטגוריות…',
    },
    mobileMenu: {
      label: 'תפריט',
      open: 'פתיחת התפריט',
      close: 'סגירת התפריט',
    },
  },
  footer: {
    label: 'קישורים בתחתית העמוד',
    terms: 'תקנון האתר',
    authorsTerms: 'תקנון הסופרים',
    contact: 'צרו קשר',
    copyright: (year: number) => `© ${year} מחברים. כל הזכויות שמורות.`,
  },
} as const;
