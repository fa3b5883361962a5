/** Hebrew copy used by the shared UI kit. Screens keep their own copy in their project's strings module. */
const unknownAuthor = 'שם הסופר לא ידוע';

export const uiStrings = {
  /** Neutral: the author's gender is unknown too. */
  unknownAuthor,
  /** 'מאת …'; an unknown author is said as is ('מאת שם הסופר לא ידוע' would not read). */
  byAuthor: (name: string) => (name === unknownAuthor ? name : `מאת ${name}`),
  noSummary: 'אין תיאור זמין לספר זה',
  viewBook: 'לצפייה בספר',
  viewBookNamed: (title: string) => `לצפייה בספר ${title}`,
  addToCart: 'הוספה לסל',
  addToCartNamed: (title: string) => `הוספת ${title} לסל`,
  removeFromCart: 'הסרה מהסל',
  removeFromCartNamed: (title: string) => `הסרת ${title} מהסל`,
  inCartQuantity: (n: number) => `${n} עותקים בסל`,
  coverAlt: (title: string) => `כריכת הספר ${title}`,
  coverPlaceholder: 'אין תמונת כריכה',
  avatarAlt: (name: string) => `תמונה של ${name}`,
  rating: (value: string) => `דירוג ${value} מתוך 5`,
  noRatings: 'עוד אין דירוגים',
  noBooks: 'אין ספרים זמינים כרגע',
  noAuthors: 'אין סופרים זמינים כרגע',
  carouselPrev: 'הקודם',
  carouselNext: 'הבא',
  carouselDot: (i: number) => `מעבר לקבוצה ${i} מתוך 5`,
  carouselLabel: 'קרוסלה',
  pagerPrevious: 'הקודם',
  pagerNext: 'הבא',
  pageOf: (page: number, pages: number) => `עמוד ${page} מתוך ${pages}`,
  breadcrumb: 'מסלול ניווט',
  loading: 'טוען…',
  fieldRequired: 'שדה חובה',
  tryAgain: 'לנסות שוב',
  errorTitle: 'משהו השתבש',
  errorBoundary: {
    title: 'משהו השתבש',
    body: 'אירעה שגיאה בלתי צפויה. אפשר לטעון את הדף מחדש או לחזור לדף הקודם.',
    reload: 'טעינה מחדש',
    back: 'חזרה',
  },
  /** A path that matches no screen (every app's catch-all). */
  notFound: {
    title: 'הדף לא נמצא',
    body: 'ייתכן שהקישור שגוי או שהדף הוסר.',
    home: 'לדף הבית',
  },
  closeToast: 'סגירת ההודעה',
  booksCount: (n: number) => (n === 1 ? 'ספר אחד' : `${n} ספרים`),
  /** An author without a bio, in the author's grammatical gender (neutral when not given). */
  establishedAuthor: (n: number, gender?: 'female' | 'male') => {
    const books = n === 1 ? 'ספר אחד' : `${n} ספרים`;
    if (gender === 'female') return `סופרת ותיקה עם ${books}`;
    if (gender === 'male') return `סופר ותיק עם ${books}`;
    return `${books} בחנות`;
  },
  authorPage: (name: string) => `לעמוד של ${name}`,
} as const;
