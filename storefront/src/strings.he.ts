import { type AuthorGender } from '@mechabrim/contracts';
import {
  MAX_UPLOAD_FILE_BYTES,
  RETURN_WINDOW_DAYS,
  UPLOAD_FORMATS,
} from '@mechabrim/contracts/src/terms';
import {
  type Agorot,
  type DeliveryTime,
  type InternationalZone,
  BONUS_PERCENTS,
  CANCELLATION_FEE_CAP,
  CANCELLATION_FEE_PERCENT,
  communityFirst85_10_5,
  compensationPolicy,
  CUSTOMS_EXEMPT_UP_TO_USD,
  DOMESTIC_RATES,
  DONATED_TO_DATE,
  DONATION_POLICY_PROFIT_PERCENT,
  FREE_EXPRESS_OVER,
  FREE_SHIPPING_MIN_BOOKS,
  FREE_STANDARD_OVER,
  INTERNATIONAL_RATES,
  formatPrice,
  MONTHLY_PAYOUT_DAY,
  MONTHLY_PAYOUT_MINIMUM,
  MONTHLY_SALES_BONUS_OVER,
  shekels,
  toShekels,
  WITHDRAWAL_INTERVAL_MONTHS,
  WITHDRAWAL_THRESHOLD,
} from '@mechabrim/money';

/*
 * Every figure the copy cites comes from @mechabrim/money, so the text and the rules that charge
 * and split the money cannot disagree.
 */

/** `1,000 ₪` inside a sentence, as every price is shown (`formatPrice`). */
const ils = (amount: Agorot) => formatPrice(toShekels(amount));

/** The 85/10/5 reading the home page, how it works and the about page explain (spec §1). */
const split = communityFirst85_10_5.shares('physical');
/** Spec §1's example: what a 100 ₪ book gives each side under that reading. */
const examplePrice = shekels(100);
const example = communityFirst85_10_5.split({
  unitPrice: examplePrice,
  quantity: 1,
  format: 'physical',
});
const digital = compensationPolicy.shares('digital');
const printed = compensationPolicy.shares('physical');

/**
 * Where the community donation goes (spec §2: a charity that helps wounded soldiers): one answer
 * on the home page, the about page, how it works and the donation page.
 */
const CHARITY = 'ארגון נכי צה״ל';

/** 'א, ב או ג'. */
const listOr = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} או ${items.at(-1) ?? ''}`;

/** A delivery time in words: `3–5 ימי עסקים`, `יום עסקים אחד`, `מוכן תוך שעה`. */
function deliveryText({ min, max, unit }: DeliveryTime): string {
  if (unit === 'hours') return max === 1 ? 'מוכן תוך שעה' : `מוכן תוך ${max} שעות`;
  if (min === 1 && max === 1) return unit === 'business-days' ? 'יום עסקים אחד' : 'יום אחד';
  const days = unit === 'business-days' ? 'ימי עסקים' : 'ימים';
  return min === max ? `${min} ${days}` : `${min}–${max} ${days}`;
}

const internationalLine = (zone: InternationalZone, name: string) => {
  const rate = INTERNATIONAL_RATES[zone];
  return `${name}: ${ils(rate.price)} (${deliveryText(rate.delivery)}).`;
};

/** A row of the shipping table: method, price, delivery time, reach. */
const domesticRow = (
  method: keyof typeof DOMESTIC_RATES,
  name: string,
  note: string,
): readonly [string, string, string, string] => {
  const rate = DOMESTIC_RATES[method];
  return [name, rate.price > 0 ? ils(rate.price) : 'חינם', deliveryText(rate.delivery), note];
};

/**
 * The return and cancellation terms, one wording on the shipping policy page and in the site
 * terms: the return window is counted from the day the book arrived (consumer protection law),
 * its length is the one the API's return rule uses.
 */
const RETURN_TERMS = [
  `אפשר להחזיר ספר מודפס תוך ${RETURN_WINDOW_DAYS} יום מהיום שבו הגיע אליכם, כפי שקובע חוק הגנת הצרכן; דמי המשלוח חזרה על חשבון הקונים. ספרים דיגיטליים אינם ניתנים להחזרה.`,
  'ההחזר הכספי יבוצע תוך 5–7 ימי עסקים.',
  `דמי ביטול: ${CANCELLATION_FEE_PERCENT}% מסכום העסקה או ${ils(CANCELLATION_FEE_CAP)}, הנמוך מביניהם.`,
] as const;

/**
 * Text about one author in the author's grammatical gender: `female` and `male` as the author
 * chose in the profile editor, `neutral` (a rephrasing, not a slash form) when not given.
 */
function byGender(
  gender: AuthorGender | undefined,
  forms: { female: string; male: string; neutral: string },
): string {
  return gender ? forms[gender] : forms.neutral;
}

/** Every text the storefront shows, in Hebrew. Components read from here, never inline copy. */
export const strings = {
  common: {
    home: 'דף הבית',
    authors: 'סופרים',
    loading: 'טוען…',
    tryAgain: 'לנסות שוב',
    back: 'חזרה',
    backHome: 'חזרה לדף הבית',
    loadingError: 'שגיאה בטעינה',
    genericError: 'אירעה שגיאה',
    sortBy: 'מיון לפי',
    search: 'חיפוש',
    clearSearch: 'ניקוי החיפוש',
    all: 'הכול',
  },
  /** What a page tells search engines and shared links' previews (its <head>). */
  seo: {
    siteName: 'מחברים',
    locale: 'he_IL',
    /** After a page's own title: `הספר | מחברים`. */
    titleOf: (page: string) => `${page} | מחברים`,
    homeTitle: 'מחברים — ספרים של סופרים עצמאיים',
    homeDescription:
      'מחברים: חנות ספרים וקהילה של קוראים, סופרים ואנשי מקצוע בספרות העברית. כל ספר שנקנה תומך בסופרים ובקהילה.',
    organizationDescription:
      'חנות ספרים עצמאית בעברית: ספרים של סופרות וסופרים עצמאיים, בהדפסה לפי הזמנה ובמשלוח עד הבית.',
    bookTitle: (title: string, author: string) => `${title} מאת ${author}`,
    /** A book page's description when the book has no summary or description of its own. */
    bookDescription: (title: string, author: string) =>
      `${title} מאת ${author}: מודפס לפי הזמנה ונשלח עד הבית, בחנות מחברים.`,
    coverAlt: (title: string) => `כריכת הספר ${title}`,
    authorDescription: (name: string) => `הספרים של ${name} בחנות מחברים, והסיפור שמאחוריהם.`,
    authorPhotoAlt: (name: string) => `תמונה של ${name}`,
    /** A category page's description. */
    categoryDescription: (category: string) =>
      `ספרי ${category} בחנות מחברים: ספרים של סופרות וסופרים עצמאיים, בהדפסה לפי הזמנה ובמשלוח עד הבית.`,
    /** The authors' terms' description (the page has no introduction of its own). */
    authorsTermsDescription:
      'התנאים שבהם סופרות וסופרים מפרסמים ומוכרים את ספריהם במחברים: זכויות, תמלוגים, תוכן ואחריות.',
  },
  sorts: {
    sales: 'הנמכרים ביותר',
    newest: 'החדשים ביותר',
    price: 'מחיר: מהנמוך לגבוה',
    'price-desc': 'מחיר: מהגבוה לנמוך',
    rating: 'דירוג',
    title: 'שם הספר',
  },
  home: {
    heroTitle: 'יותר קהילה. יותר סופרים.',
    heroText:
      'כל ספר שנקנה כאן תומך ישירות בסופרות ובסופרים עצמאיים. הסופרים מקבלים תגמול הוגן ובמה לקהל קוראים אמיתי, והקהילה כולה מרוויחה ספרות עברית חיה.',
    heroCta: 'לגלות ספרים',
    heroAuthorsCta: 'להכיר את הסופרים',
    statDonated: 'שקלים נתרמו לקהילה',
    statAuthors: 'סופרים פעילים',
    statBooks: 'ספרים זמינים',
    booksAvailable: '150+',
    donatedAmount: toShekels(DONATED_TO_DATE),
    splitTitle: 'לאן הולך כל שקל',
    splitText: `מכל ספר ב־${ils(examplePrice)}: ${ils(example.author)} לסופר (מהם מכוסות עלויות ההדפסה והמשלוח), ${ils(example.community)} תרומה לקהילה (ל${CHARITY}) ו־${ils(example.platform)} לתפעול האתר.`,
    splitAuthor: 'לסופר',
    splitCommunity: 'לקהילה',
    splitPlatform: 'לאתר',
    picksTitle: 'בחירות החודש',
    picksSubtitle: 'הספרים שהקוראים שלנו הכי אוהבים החודש',
    authorsTitle: 'סופרי החודש',
    authorsSubtitle: 'הכירו את הקולות שמובילים את הקהילה',
    seeAllAuthors: 'לכל הסופרים',
    visionLink: 'קראו עוד על החזון שלנו',
    noBooks: 'אין ספרים זמינים כרגע',
    noAuthors: 'אין סופרים זמינים כרגע',
    picksCarousel: 'קרוסלת בחירות החודש',
    authorsCarousel: 'קרוסלת סופרי החודש',
    progressLabel: 'חלוקת כל רכישה',
    percent: (n: number) => `${n}%`,
  },
  cartFeedback: {
    added: (title: string) => `"${title}" נוסף לסל.`,
    count: (n: number) => (n === 1 ? 'בסל ספר אחד.' : `בסל ${n} ספרים.`),
    toCart: 'מעבר לסל',
    close: 'סגירת ההודעה',
  },
  catalogue: {
    title: 'כל הספרים',
    lead: 'כל הספרים שבחנות: חפשו, סננו לפי קטגוריה ומחיר ומיינו כרצונכם.',
    searchTitle: (q: string) => `תוצאות חיפוש עבור "${q}"`,
    count: (n: number) =>
      n === 0 ? 'לא נמצאו ספרים' : n === 1 ? 'נמצא ספר אחד' : `נמצאו ${n} ספרים`,
    searchLabel: 'חיפוש בכל הספרים',
    controls: 'חיפוש וסינון ספרים',
    searchPlaceholder: 'שם ספר, סופר או תגית…',
    searchSubmit: 'חיפוש',
    filters: 'סינון',
    filtersActive: (n: number) =>
      n === 1 ? 'סינון (מסנן אחד פעיל)' : `סינון (${n} מסננים פעילים)`,
    category: 'קטגוריה',
    allCategories: 'כל הקטגוריות',
    price: 'מחיר',
    allPrices: 'כל המחירים',
    priceBands: {
      'under-30': 'עד 30 ₪',
      '30-50': '30–50 ₪',
      'over-50': 'מעל 50 ₪',
    },
    clear: 'ניקוי החיפוש',
    noBooks: 'לא נמצאו ספרים',
    noBooksHint: 'נסו מילה אחרת, קטגוריה אחרת או טווח מחירים רחב יותר.',
    noBooksAvailable: 'אין ספרים זמינים כרגע',
    loadError: 'שגיאה בטעינת הספרים',
    shown: (n: number, total: number) => `מוצגים ${n} מתוך ${total} ספרים`,
    loadMore: 'הצגת ספרים נוספים',
    booksGrid: 'תוצאות',
    authorsHeading: 'סופרים שמתאימים לחיפוש',
  },
  search: {
    title: (q: string) => `תוצאות חיפוש עבור "${q}"`,
    count: (n: number) => (n === 1 ? 'נמצא ספר אחד' : `נמצאו ${n} ספרים`),
    countCapped: (n: number) => `${n} הספרים המתאימים ביותר (ייתכנו נוספים)`,
    shown: (n: number, total: number) => `מוצגים ${n} מתוך ${total} ספרים`,
    loadMore: 'הצגת ספרים נוספים',
    refine: 'לא מצאתם? נסו חיפוש מדויק יותר כדי לצמצם את התוצאות.',
    authorsHeading: 'סופרים',
    booksHeading: 'ספרים',
    noResults: (q: string) => `לא נמצאו תוצאות עבור "${q}"`,
    noResultsHint: 'נסו מילה אחרת, או עיינו בכל הספרים.',
    browseAll: 'לכל הספרים',
    error: 'שגיאה בחיפוש',
  },
  book: {
    notFound: 'הספר לא נמצא',
    notFoundText: 'ייתכן שהספר הוסר או שהקישור שגוי.',
    loadError: 'שגיאה בטעינת הספר',
    by: 'מאת',
    reviewsCount: (n: number) => (n === 1 ? 'ביקורת אחת' : `${n} ביקורות`),
    addToCart: 'הוספה לסל',
    removeFromCart: 'הסרה מהסל',
    // Every book is printed on demand: none ever runs out, it is only not on sale for now.
    soldOut: 'לא זמין כרגע',
    soldOutOverlay: 'לא זמין',
    addToWishlist: 'הוספה לרשימת המשאלות',
    removeFromWishlist: 'הסרה מרשימת המשאלות',
    readExcerpt: 'קריאת קטע',
    detailsTitle: 'פרטי הספר',
    publisher: 'הוצאה לאור',
    publisherValue: 'מחברים — הוצאה עצמאית',
    language: 'שפה',
    languageValue: 'עברית',
    pages: 'מספר עמודים',
    pagesValue: 'לא צוין',
    trim: 'גודל',
    /** Width × height, in that order everywhere. */
    trimValue: (widthMm: number, heightMm: number) => `${widthMm} × ${heightMm} מ״מ`,
    paper: 'נייר',
    paperValue: (grams: string) => `${grams.replace(/g$/, '')} גרם`,
    printing: 'הדפסה',
    printingValue: { bw: 'שחור־לבן', color: 'צבע' },
    binding: 'כריכה',
    bindingValue: 'כריכה רכה',
    readingDirection: 'כיוון קריאה',
    readingDirectionValue: { rtl: 'מימין לשמאל', ltr: 'משמאל לימין' },
    category: 'קטגוריה',
    description: 'תיאור',
    noDescription: 'אין תיאור זמין לספר זה',
    reviewsTitle: 'ביקורות קוראים',
    noReviews: 'אין ביקורות זמינות כרגע',
    /** A review whose writer left no name. */
    reader: 'ללא שם',
    /** A review by a reader whose order of the book was delivered (no slash gender forms). */
    verifiedPurchase: 'רכישה מאומתת',
    /** Worded without the reader's gender ('people', not 'readers'). */
    helpfulCount: (n: number) => (n === 1 ? 'הביקורת עזרה לאדם אחד' : `הביקורת עזרה ל־${n} אנשים`),
    markHelpful: 'הביקורת עזרה לי',
    report: 'דיווח על הביקורת',
    reportReason: 'מה הבעיה בביקורת?',
    reportSend: 'שליחת הדיווח',
    reportCancel: 'ביטול',
    /** The reader's own review: the form and its states. */
    myReview: {
      title: 'הביקורת שלי',
      signIn: 'כדי לכתוב ביקורת יש להתחבר לחשבון',
      signInLink: 'התחברות',
      write: 'כתיבת ביקורת',
      formLoading: 'טופס הביקורת נטען…',
      rating: 'דירוג',
      ratingOption: (n: number) => (n === 1 ? 'כוכב אחד' : `${n} כוכבים`),
      reviewTitle: 'כותרת',
      content: 'הביקורת',
      contentHint: (max: number) => `עד ${max} תווים`,
      send: 'שליחת הביקורת',
      sending: 'שולחים…',
      save: 'שמירת השינויים',
      edit: 'עריכה',
      cancel: 'ביטול',
      remove: 'מחיקת הביקורת',
      confirmRemove: 'למחוק את הביקורת?',
      pending: 'הביקורת ממתינה לאישור ותפורסם בקרוב',
      approved: 'הביקורת מפורסמת בעמוד הספר',
      rejected: (reason: string) => (reason ? `הביקורת לא פורסמה: ${reason}` : 'הביקורת לא פורסמה'),
    },
    relatedTitle: 'ספרים נוספים בז׳אנר',
    relatedCarousel: 'ספרים קשורים',
    printOnDemand: 'מודפס במיוחד עבורכם ונשלח ישירות אליכם',
    donationLine: `${split.community}% מכל רכישה נתרמים לקהילה`,
    /** The in-page excerpt reader. */
    excerpt: {
      dialogTitle: (title: string) => `קטע מתוך ${title}`,
      close: 'סגירת הקטע',
      next: 'לעמוד הבא',
      previous: 'לעמוד הקודם',
      pageOf: (page: number, total: number) => `עמוד ${page} מתוך ${total}`,
      loading: 'הקטע נפתח…',
      loadError: 'לא הצלחנו לפתוח את הקטע',
      loadErrorText: 'ייתכן שהחיבור נקטע. אפשר לנסות שוב.',
      networkError: 'אין חיבור לשרת כרגע. כדאי לבדוק את החיבור ולנסות שוב.',
      notFound: 'לספר הזה אין קטע לקריאה כרגע.',
      keyboardHint: 'דפדוף בחיצים, יציאה ב־Esc',
    },
  },
  authors: {
    title: 'הסופרים שלנו',
    intro: 'סופרות וסופרים עצמאיים שכותבים עברית — גלו את הקולות החדשים של הספרות המקומית.',
    searchLabel: 'חיפוש סופרים',
    controls: 'חיפוש וסינון סופרים',
    searchPlaceholder: 'חיפוש לפי שם, ז׳אנר או תיאור…',
    genreLabel: 'ז׳אנר',
    allGenres: 'כל הז׳אנרים',
    sortLabel: 'מיון',
    sortName: 'שם',
    sortBooks: 'מספר ספרים',
    sortRating: 'דירוג ממוצע',
    sortSales: 'מכירות',
    featuredTitle: (gender?: AuthorGender) =>
      byGender(gender, { female: 'סופרת השבוע', male: 'סופר השבוע', neutral: 'בזרקור השבוע' }),
    featuredBooksTab: (n: number) => `ספרים (${n})`,
    featuredReviewsTab: 'ביקורות (0)',
    noReviews: 'אין ביקורות זמינות',
    toAuthorPage: (gender?: AuthorGender) =>
      byGender(gender, { female: 'לעמוד הסופרת', male: 'לעמוד הסופר', neutral: 'לעמוד האישי' }),
    communityTitle: 'סופרים בקהילה',
    /** Many authors are 'סופרים' (mixed company); one is spoken of in the author's gender. */
    resultCount: (n: number, onlyGender?: AuthorGender) =>
      n === 1
        ? byGender(onlyGender, { female: 'סופרת אחת', male: 'סופר אחד', neutral: 'תוצאה אחת' })
        : `${n} סופרים`,
    seeMore: 'הצגת עוד',
    noAuthors: 'לא נמצאו סופרים',
    noAuthorsHint: 'נסו חיפוש אחר או נקו את הסינון.',
    fetchFailed: 'טעינת הסופרים נכשלה',
    joined: (date: string, gender?: AuthorGender) =>
      byGender(gender, {
        female: `הצטרפה ב־${date}`,
        male: `הצטרף ב־${date}`,
        neutral: `בקהילה מאז ${date}`,
      }),
  },
  author: {
    notProvided: 'לא צוין מזהה סופר',
    notFound: 'לא מצאנו את העמוד הזה',
    booksTitle: (name: string) => `הספרים של ${name}`,
    /** Approved reviews of the author's books (issue 24). */
    reviewsTitle: 'ביקורות קוראים על הספרים',
    reviewOf: (title: string) => `על הספר "${title}"`,
    noBooks: (gender?: AuthorGender) =>
      byGender(gender, {
        female: 'עדיין אין ספרים זמינים מהסופרת',
        male: 'עדיין אין ספרים זמינים מהסופר',
        neutral: 'עדיין אין כאן ספרים זמינים',
      }),
    statsBooks: 'ספרים',
    statsRating: 'דירוג ממוצע',
    statsSales: 'עותקים נמכרו',
    genres: 'ז׳אנרים',
    /** The links the author saved in the portal's profile. */
    links: {
      label: (name: string) => `הקישורים של ${name}`,
      website: 'אתר אישי',
      facebook: 'פייסבוק',
      instagram: 'אינסטגרם',
      twitter: 'X (טוויטר)',
      linkedin: 'לינקדאין',
      newTab: '(נפתח בלשונית חדשה)',
    },
    noBio: (gender?: AuthorGender) =>
      byGender(gender, {
        female: 'הסופרת עוד לא סיפרה על עצמה.',
        male: 'הסופר עוד לא סיפר על עצמו.',
        neutral: 'עוד אין כאן מידע ביוגרפי.',
      }),
  },
  category: {
    unknown: 'קטגוריה לא מוכרת',
    unknownText: 'לא מצאנו קטגוריה בשם הזה.',
    count: (n: number) => (n === 1 ? 'ספר אחד זמין' : `${n} ספרים זמינים`),
    searchLabel: 'חיפוש בקטגוריה',
    searchPlaceholder: 'חיפוש לפי שם ספר, סופר או תגית…',
    noBooks: 'לא נמצאו ספרים',
    noBooksAvailable: 'אין ספרים זמינים בקטגוריה',
    loadError: 'שגיאה בטעינת הספרים',
    shown: (n: number, total: number) => `מוצגים ${n} מתוך ${total} ספרים`,
    loadMore: 'הצגת ספרים נוספים',
  },
  contact: {
    title: 'צרו קשר',
    intro: 'יש שאלה, רעיון או בקשה? כתבו לנו ונחזור אליכם בהקדם.',
    name: 'שם מלא',
    email: 'אימייל',
    subject: 'נושא',
    message: 'הודעה',
    send: 'שליחה',
    sending: 'שולח…',
    success: 'ההודעה נשלחה בהצלחה! נחזור אליכם בהקדם.',
    error: 'אירעה שגיאה בשליחת ההודעה, אנא נסו שוב',
    subjects: {
      general: 'שאלה כללית',
      support: 'תמיכה טכנית',
      authors: 'סופרים',
      publishing: 'הוצאה לאור',
      partnership: 'שיתופי פעולה',
      feedback: 'משוב',
      donation: 'תרומה לקהילה',
      other: 'אחר',
    } as Record<string, string>,
    hours: 'שעות פעילות: ימים א׳–ה׳, 9:00–18:00',
  },
  auth: {
    loginTitle: 'התחברות',
    loginIntro: 'ברוכים השבים! התחברו כדי להמשיך.',
    registerTitle: 'הרשמה',
    registerIntro: 'הצטרפו לקהילת הקוראים והסופרים של מחברים.',
    email: 'אימייל',
    password: 'סיסמה',
    confirmPassword: 'אימות סיסמה',
    name: 'שם מלא',
    role: 'סוג חשבון',
    roleUser: 'חשבון קוראים',
    roleAuthor: 'חשבון סופרים',
    login: 'התחברות',
    loggingIn: 'מתחבר…',
    register: 'הרשמה',
    registering: 'נרשם…',
    noAccount: 'עדיין אין לכם חשבון?',
    toRegister: 'להרשמה',
    haveAccount: 'כבר יש לכם חשבון?',
    toLogin: 'להתחברות',
    loginError: 'שגיאה בהתחברות',
    registerError: 'שגיאה בהרשמה',
    // 'קראתי את [תקנון האתר] והוא מקובל עליי': first person, the same for every reader.
    agreeTerms: 'קראתי את',
    terms: 'תקנון האתר',
    agreeAuthorsTerms: 'קראתי את',
    authorsTerms: 'תקנון הסופרים',
    agreeAfter: 'והוא מקובל עליי',
    newTab: '(נפתח בכרטיסייה חדשה)',
    strength: 'חוזק הסיסמה:',
    strengthLevels: { weak: 'חלשה', medium: 'בינונית', strong: 'חזקה' } as Record<string, string>,
    passwordHint: 'לפחות 8 תווים, 2 ספרות, אות גדולה באנגלית ותו מיוחד',
    passwordsDoNotMatch: 'הסיסמאות אינן תואמות',
    forgotLink: 'שכחתם את הסיסמה?',
    forgotTitle: 'שכחתי סיסמה',
    forgotIntro:
      'הקלידו את כתובת האימייל של החשבון, ונשלח אליה קישור לבחירת סיסמה חדשה. הקישור תקף ל־30 דקות.',
    forgotSubmit: 'שליחת קישור',
    forgotSending: 'שולחים…',
    forgotError: 'לא הצלחנו לשלוח את הקישור. נסו שוב.',
    forgotSentTitle: 'בדקו את תיבת הדואר',
    forgotSentHint: 'לא הגיע אימייל תוך כמה דקות? כדאי לבדוק בתיקיית הספאם או לבקש קישור נוסף.',
    forgotAgain: 'לבקשת קישור נוסף',
    resetTitle: 'בחירת סיסמה חדשה',
    resetIntro: 'בחרו סיסמה חדשה לחשבון. אחרי השמירה ההתחברות בכל המכשירים תסתיים.',
    newPassword: 'סיסמה חדשה',
    resetSubmit: 'שמירת הסיסמה',
    resetSaving: 'שומרים…',
    resetError: 'לא הצלחנו לשמור את הסיסמה. נסו שוב.',
    resetNoToken: 'הקישור לאיפוס הסיסמה חסר או שאינו שלם. אפשר לבקש קישור חדש.',
    resetDoneTitle: 'הסיסמה נשמרה',
    toForgot: 'לבקשת קישור חדש',
    confirmEmailTitle: 'אישור כתובת האימייל',
    confirming: 'מאשרים את הכתובת…',
    confirmEmailError: 'לא הצלחנו לאשר את הכתובת. נסו שוב.',
    confirmEmailNoToken:
      'הקישור לאישור הכתובת חסר או שאינו שלם. אפשר לבקש החלפה מחדש בעמוד הפרופיל.',
    confirmEmailDoneTitle: 'כתובת האימייל הוחלפה',
    retry: 'לנסות שוב',
  },
  verifyEmail: {
    banner: 'כדי לקבל עדכונים על החשבון, אשרו את כתובת האימייל בקישור ששלחנו אליכם.',
    /** Followed by the address itself, isolated left to right (`<bdi dir="ltr">`). */
    bannerSentTo: 'הקישור נשלח אל',
    sendAgain: 'שליחה חוזרת',
    sending: 'שולחים…',
    sendError: 'לא הצלחנו לשלוח את הקישור. נסו שוב.',
    title: 'אימות כתובת האימייל',
    action: 'אימות הכתובת',
    verifying: 'מאמתים…',
    doneTitle: 'הכתובת אומתה',
    error: 'לא הצלחנו לאמת את הכתובת. נסו שוב.',
    noToken: 'הקישור לאימות חסר או שאינו שלם. אפשר לשלוח קישור חדש מהבאנר שבראש האתר.',
    toHome: 'לדף הבית',
  },
  follows: {
    follow: 'לעקוב',
    unfollow: 'להפסיק לעקוב',
    followHint: 'נשלח לכם אימייל כשיֵצא ספר חדש',
    error: 'לא הצלחנו לעדכן את המעקב. נסו שוב.',
    profileTitle: 'סופרים וסופרות במעקב',
    none: 'עדיין לא עקבתם אחרי אף סופר או סופרת. אפשר לעקוב מעמוד הסופר.',
    /** The profile's 'stop following' button's name: it begins with the words it shows (WCAG 2.5.3). */
    unfollowName: (name: string) => `להפסיק לעקוב אחרי ${name}`,
    mailsOff: 'העדכונים באימייל על ספרים חדשים כבויים.',
    mailsOn: 'אפשר לקבל עדכונים באימייל על ספרים חדשים.',
    turnOn: 'להפעיל עדכונים',
    turnOff: 'לכבות עדכונים',
    unsubscribeTitle: 'הסרה מעדכוני ספרים חדשים',
    unsubscribeAction: 'להפסיק את העדכונים',
    unsubscribing: 'מסירים…',
    unsubscribeDone: 'הוסרתם מהרשימה',
    unsubscribeError: 'לא הצלחנו להסיר אתכם. נסו שוב.',
    unsubscribeNoToken: 'קישור ההסרה חסר או שאינו שלם. אפשר להפסיק עדכונים מעמוד הפרופיל.',
  },
  profile: {
    title: 'הפרופיל שלי',
    name: 'שם',
    email: 'אימייל',
    bio: 'קצת עליי',
    role: 'סוג חשבון',
    roles: { user: 'חשבון קוראים', author: 'חשבון סופרים', admin: 'חשבון ניהול' } as Record<
      string,
      string
    >,
    edit: 'עריכה',
    save: 'שמירה',
    saving: 'שומר…',
    cancel: 'ביטול',
    logout: 'התנתקות',
    logoutEverywhere: 'התנתקות מכל המכשירים',
    loggingOutEverywhere: 'מנתקים את כל המכשירים…',
    logoutEverywhereError: 'לא הצלחנו לנתק את כל המכשירים. נסו שוב.',
    updated: 'הפרופיל עודכן בהצלחה',
    updateError: 'שגיאה בעדכון הפרופיל',
    loginPrompt: 'יש להתחבר כדי לראות את הפרופיל',
    login: 'התחברות',
    noBio: 'עוד לא כתבת על עצמך.',
    passwordTitle: 'החלפת סיסמה',
    passwordIntro: 'אחרי ההחלפה ההתחברות בשאר המכשירים תסתיים, ונשלח אליכם אימייל על השינוי.',
    currentPassword: 'הסיסמה הנוכחית',
    newPassword: 'סיסמה חדשה',
    confirmPassword: 'אימות הסיסמה החדשה',
    changePassword: 'החלפת הסיסמה',
    changingPassword: 'מחליפים…',
    passwordError: 'לא הצלחנו להחליף את הסיסמה. נסו שוב.',
    deleteTitle: 'מחיקת החשבון',
    deleteIntro:
      'מחיקת החשבון מסירה את השם, האימייל, רשימת המשאלות ופרטי הקשר שלכם. ההזמנות והקבלות נשמרות כנדרש בחוק, בלי השם שלכם. אי אפשר לבטל את המחיקה.',
    deleteStart: 'מחיקת החשבון…',
    deleteConfirmLabel: 'הסיסמה, לאישור המחיקה',
    deleteConfirm: 'מחיקת החשבון לצמיתות',
    deleting: 'מוחקים…',
    deleteCancel: 'ביטול',
    deleteError: 'לא הצלחנו למחוק את החשבון. נסו שוב.',
    deletedTitle: 'החשבון נמחק',
    emailChangeHint:
      'כדי להחליף את כתובת האימייל יש להקליד את הסיסמה. נשלח קישור לאישור לכתובת החדשה, והיא תוחלף אחרי הלחיצה עליו.',
    emailPending: (email: string) =>
      `שלחנו קישור לאישור אל ${email}. הכתובת תוחלף אחרי לחיצה על הקישור, תוך 24 שעות.`,
    toHome: 'לדף הבית',
  },
  wishlist: {
    title: 'רשימת המשאלות',
    refresh: 'רענון',
    count: (n: number) => (n === 1 ? 'ספר אחד' : `${n} ספרים`),
    remove: (title: string) => `הסרה של ${title} מרשימת המשאלות`,
    removeShort: 'הסרה',
    empty: 'רשימת המשאלות ריקה',
    emptyHint: 'שמרו כאן ספרים שתרצו לקרוא בהמשך.',
    browse: 'לעיון בספרים',
    loginPrompt: 'התחברו כדי לשמור ספרים ברשימת המשאלות',
    login: 'התחברות',
    loadError: 'שגיאה בטעינת רשימת המשאלות',
    removeError: 'הסרת הספר מרשימת המשאלות נכשלה',
    sales: (n: number) => `${n} נמכרו`,
    // The visible text first, then the book: what is seen is what is said (and what voice
    // control users call it).
    addToCart: (title: string) => `הוספה לסל: ${title}`,
    removeFromCart: (title: string) => `הסרה מהסל: ${title}`,
    soldOut: (title: string) => `לא זמין כרגע: ${title}`,
  },
  about: {
    title: 'אודות מחברים',
    heroText: 'קהילה תומכת של קוראים, סופרים ואנשי מקצוע המחויבים לספרות העברית.',
    missionTitle: 'המשימה שלנו',
    mission:
      'מחברים נולדה כדי לקדם ספרות עברית מקומית ועצמאית. אנחנו נותנים לסופרות ולסופרים במה, הדפסה לפי דרישה ומשלוח ישיר לקוראים — בלי מחסנים ובלי מתווכים.',
    splitTitle: 'כך מתחלק כל תשלום',
    split: `${split.community}% מכל רכישה, התרומה לקהילה, נתרמים ל${CHARITY}, ${split.platform}% נוספים מממנים את תפעול האתר, והיתרה מגיעה למי שכתב את הספר, לאחר כיסוי עלויות ההדפסה והמשלוח.`,
    charityLink: 'לפרטים על התרומה לקהילה',
    charityUrl: '/community-donation',
    /** The charity the community share goes to (spec §2: it helps wounded soldiers), on its own site. */
    charitySiteLink: `לאתר ${CHARITY}`,
    charitySiteUrl: 'https://www.inz.org.il/',
    newTab: '(נפתח בכרטיסייה חדשה)',
    statsTitle: 'מחברים במספרים',
    statAuthors: 'סופרים',
    statBooks: 'ספרים',
    imageAlt: 'איור של מדף ספרים בחנות ספרים קהילתית',
    toBooks: 'לכל הספרים',
  },
  policies: {
    updated: 'עודכן לאחרונה: 08.08.2025',
    toRegister: 'להרשמה',
    toUploadGuide: 'למדריך העלאת ספר',
    toContact: 'לפנייה לתמיכה',
    toHome: 'לדף הבית',
    toHowItWorks: 'איך זה עובד',
    compensation: {
      title: 'מדיניות תגמול סופרים',
      intro:
        'ב־מחברים הסופרים מקבלים את רוב ההכנסה מכל ספר. כך מתחלק כל תשלום, ומתי הכסף מגיע אליכם.',
      sections: [
        {
          title: 'חלוקת ההכנסות',
          items: [
            `מכירה דיגיטלית: ${digital.author}% לסופר, ${digital.platform}% לפלטפורמה, ${digital.community}% לקהילה.`,
            `מכירה של ספר מודפס: ${printed.author}% לסופר, ${printed.platform}% לפלטפורמה (כולל הדפסה ומשלוח), ${printed.community}% לקהילה.`,
          ],
        },
        {
          title: 'תשלומים',
          items: [
            `התשלום מועבר פעם בחודש, ב־${MONTHLY_PAYOUT_DAY} לחודש.`,
            `סכום מינימלי להעברה: ${ils(MONTHLY_PAYOUT_MINIMUM)}. סכום נמוך יותר עובר לחודש הבא.`,
          ],
        },
        {
          title: 'בונוסים',
          items: [
            `${BONUS_PERCENTS.monthlySales}% נוספים על מכירות חודשיות מעל ${ils(MONTHLY_SALES_BONUS_OVER)}.`,
            `${BONUS_PERCENTS.institutions}% נוספים על מכירות למוסדות חינוך וספריות.`,
            `${BONUS_PERCENTS.loyalty}% נוספים לסופרים הפעילים באתר יותר משנה.`,
          ],
        },
      ],
    },
    upload: {
      title: 'מדריך העלאת ספר',
      intro: 'חמישה צעדים מהקובץ שלכם ועד הספר בידי הקוראים. לחצו על צעד כדי לקרוא עליו.',
      stepsLabel: 'שלבי ההעלאה',
      steps: [
        {
          title: 'הכנת הספר',
          text: `הכינו את קובץ הספר ואת קובץ הכריכה ב־${UPLOAD_FORMATS.pdf.names.join(', ')} (עד ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024}MB כל קובץ, ברזולוציה של 300 DPI לפחות), תמונת כריכה ב־${listOr(UPLOAD_FORMATS.image.names)}, תיאור של עד 300 מילים וביוגרפיה קצרה.`,
        },
        {
          title: 'יצירת חשבון',
          text: 'חשבון סופר דורש פרטים אישיים, העלאת תעודה מזהה, קורות חיים ואישור של תקנון הסופרים.',
        },
        {
          title: 'העלאת הספר',
          text: 'מלאו את פרטי הספר: שם, שם הסופר, קטגוריה, תיאור מפורט, מילות מפתח, קובץ הספר, תמונת כריכה, ביוגרפיה, מחיר, זמינות, אפשרויות משלוח וזכויות יוצרים.',
        },
        {
          title: 'בדיקה ואישור',
          text: 'הספר נשלח לבדיקה: בדיקה טכנית (1–2 ימי עסקים), בדיקת תוכן (3–5 ימי עסקים) ובדיקה משפטית (2–3 ימי עסקים).',
        },
        {
          title: 'פרסום ומכירה',
          text: 'אחרי האישור הספר עולה לחנות, מודפס לפי הזמנה ונשלח ישירות לקוראים — ואתם מקבלים תגמול על כל עותק.',
        },
      ],
      stepLabel: (n: number, title: string) => `שלב ${n}: ${title}`,
    },
    howItWorks: {
      title: 'איך זה עובד',
      intro: `כל רכישה ב־מחברים מחזקת את הסופרים ואת הקהילה. כך מתחלק ספר של ${ils(examplePrice)}:`,
      donated: 'שקלים נתרמו לקהילה',
      activeAuthors: 'סופרים פעילים',
      flow: [
        { value: ils(examplePrice), label: 'קורא קונה ספר' },
        { value: ils(example.community), label: 'לקהילה' },
        { value: ils(example.platform), label: 'לתפעול האתר' },
        { value: ils(example.author), label: 'לסופר (כולל עלויות הדפסה ומשלוח)' },
      ],
      detailTitle: 'בפירוט',
      detail: `מתוך ${ils(example.author)} שמגיעים לסופר מכוסות עלויות ההדפסה והמשלוח, והיתרה היא הרווח שלו. ${split.community}% מכל רכישה נתרמים ל${CHARITY} (התרומה לקהילה), ו־${split.platform}% מממנים את תפעול האתר.`,
      startBuying: 'להתחיל לקנות',
      discoverAuthors: 'לגלות סופרים',
    },
    shipping: {
      title: 'מדיניות משלוחים',
      intro: 'כל ספר מודפס במיוחד עבורכם ונשלח ישירות מבית הדפוס.',
      optionsTitle: 'אפשרויות משלוח',
      columns: ['שיטה', 'מחיר', 'זמן הגעה', 'הערות'],
      options: [
        domesticRow('standard', 'משלוח רגיל', 'לכל הארץ'),
        domesticRow('express', 'משלוח אקספרס', 'לכל הארץ'),
        domesticRow('next-day', 'משלוח ביום העסקים הבא', 'אזור המרכז והשרון'),
        domesticRow('pickup', 'איסוף עצמי מסניף תל אביב', 'מוכן לאיסוף בשעות הפעילות'),
      ],
      freeTitle: 'משלוח חינם',
      free: [
        `משלוח רגיל חינם בהזמנה מעל ${ils(FREE_STANDARD_OVER)}.`,
        `משלוח אקספרס חינם בהזמנה מעל ${ils(FREE_EXPRESS_OVER)}.`,
        `הזמנה של יותר מ־${FREE_SHIPPING_MIN_BOOKS - 1} ספרים — משלוח רגיל או אקספרס חינם.`,
        'חברי מועדון VIP — משלוח חינם תמיד, בכל שיטות המשלוח בארץ.',
      ],
      internationalTitle: 'משלוחים לחו״ל',
      international: [
        internationalLine('europe-usa', 'אירופה וארה״ב'),
        internationalLine('asia-oceania', 'אסיה ואוקיאניה'),
        internationalLine('africa-south-america', 'אפריקה ודרום אמריקה'),
        `ספרים בשווי של עד ${CUSTOMS_EXEMPT_UP_TO_USD} דולר פטורים ממכס ברוב המדינות.`,
      ],
      returnsTitle: 'החזרות וביטולים',
      returns: RETURN_TERMS,
      statsTitle: 'במספרים',
      stats: [
        ['99.2%', 'משלוחים בזמן'],
        ['4.2', 'ימים בממוצע עד ההגעה'],
        ['98.7%', 'שביעות רצון'],
      ],
      hours: 'שירות לקוחות: ימים א׳–ה׳, 9:00–18:00',
    },
    donation: {
      title: 'תרומה לקהילה',
      intro: `התרומה לקהילה, ${split.community}% מכל רכישה, נתרמת ל${CHARITY}. בנוסף, ${DONATION_POLICY_PROFIT_PERCENT}% מהרווחים ממכירות נבחרות מוקדשים לפרויקטים שמקדמים קריאה וכתיבה בעברית. אלה הפרויקטים שאנחנו תומכים בהם.`,
      projectsTitle: 'פרויקטים נתמכים',
      supported: 'סכום תמיכה',
      statusActive: 'פעיל',
      statusSetup: 'בהקמה',
      projects: [
        {
          name: 'ספרייה בכל שכונה',
          description: 'מדפי ספרים פתוחים בשכונות בפריפריה.',
          amount: 50000,
          active: true,
        },
        {
          name: 'סדנאות כתיבה לנוער',
          description: 'סדנאות כתיבה יוצרת לבני נוער בבתי ספר.',
          amount: 30000,
          active: true,
        },
        {
          name: 'קרן ספר ראשון',
          description: 'מענקים לסופרים המוציאים ספר ראשון.',
          amount: 25000,
          active: false,
        },
      ],
      target: 'יעד',
      received: 'התקבל מהקרן',
      progressLabel: (name: string) => `התקדמות הפרויקט ${name} אל היעד`,
      fundTitle: 'הקרן בשקיפות',
      fundIntro:
        'כל שקל שנכנס לקרן ויוצא ממנה נרשם ביומן הכספים שלנו. כך נראתה הקרן בחודשים האחרונים.',
      fundTotal: 'נכנס לקרן מאז ההקמה',
      fundAllocated: 'הועבר לפרויקטים',
      fundBalance: 'ממתין לחלוקה הבאה',
      month: 'חודש',
      monthReceived: 'נכנס לקרן',
      monthDonations: 'מתוכו תרומות ישירות',
      monthAllocated: 'הועבר לפרויקטים',
      donateNow: 'לתרומה עכשיו',
      donate: {
        title: 'תרומה ישירה לקרן',
        intro:
          'כל התרומה נכנסת לקרן הקהילה ומחולקת לפרויקטים בהרצה החודשית, ותופיע בטבלה שלמעלה. התשלום בדף המאובטח של חברת הסליקה.',
        amountLegend: 'סכום התרומה',
        preset: (shekels: string) => `${shekels} ₪`,
        other: 'סכום אחר',
        otherLabel: 'סכום אחר בשקלים',
        otherHint: (min: string, max: string) => `בין ${min} ל־${max} ₪`,
        chooseAmount: 'יש לבחור סכום או להזין סכום אחר',
        email: 'אימייל לקבלה ולתודה',
        name: 'שם (לא חובה)',
        submit: (shekels: string) => `לתשלום ${shekels} ₪`,
        submitNoAmount: 'לתשלום',
        sending: 'פותחים את דף התשלום…',
        error: 'לא הצלחנו לפתוח את דף התשלום. נסו שוב בעוד רגע.',
      },
      result: {
        title: 'תוצאת התרומה',
        checking: 'בודקים מול שירות התשלומים…',
        paid: (shekels: string) => `תודה! התרומה שלך, ${shekels} ₪, התקבלה בקרן הקהילה.`,
        paidMail: 'שלחנו אליך אימייל עם פרטי התרומה.',
        pending: (shekels: string) =>
          `עדיין לא קיבלנו משירות התשלומים אישור על התרומה בסך ${shekels} ₪. אם החיוב יאושר, התרומה תירשם ותקבלו אימייל.`,
        failed: 'התשלום לא עבר, והתרומה לא נרשמה. אפשר לנסות שוב עם כרטיס אחר.',
        notFound: 'לא מצאנו את התרומה הזאת.',
        unavailable: 'לא הצלחנו לבדוק את מצב התרומה כרגע. נסו לרענן את הדף בעוד רגע.',
        again: 'לתרומה נוספת',
      },
      transferDetails: 'פרטי העברה',
      register: 'להצטרפות לקהילה',
    },
    terms: {
      title: 'תקנון האתר',
      intro: 'השימוש באתר ובשירותיו כפוף לתנאים הבאים. אנא קראו אותם בעיון.',
      sections: [
        {
          title: 'הזמנות',
          items: [
            'הזמנה דורשת פרטים אישיים ופרטי משלוח מלאים ומדויקים: שם פרטי, שם משפחה, טלפון, אימייל וכתובת מלאה.',
            'הרכישה מותרת לבגירים (מגיל 18) בעלי כשירות משפטית.',
            'הזמנה מאושרת רק לאחר אישור חברת האשראי או שירות התשלום, ומבוטלת אם הפריט אינו זמין.',
            'אסור להשתמש בבוטים או בסקריפטים אוטומטיים באתר.',
          ],
          paragraphs: [
            'הרשמה חד־פעמית לאתר מאפשרת לשמור את הפרטים, כך שלא צריך להקליד אותם מחדש בכל הזמנה. התשלום נעשה בכרטיס אשראי או בארנק דיגיטלי, בדף התשלום המאובטח של חברת הסליקה; פרטי הכרטיס אינם עוברים דרכנו ואינם נשמרים אצלנו.',
            'הספרים מודפסים לפי הזמנה בבית דפוס חיצוני ונשלחים ממנו ישירות אליכם. לכן כל עותק מודפס במיוחד בשבילכם, וזמני האספקה שלהלן נספרים מרגע שההזמנה אושרה.',
          ],
        },
        {
          title: 'משלוחים, החזרות וביטולים',
          items: [
            `זמני האספקה: ${deliveryText(DOMESTIC_RATES.standard.delivery)} במשלוח רגיל, ${deliveryText(DOMESTIC_RATES.express.delivery)} במשלוח אקספרס ו${deliveryText(DOMESTIC_RATES['next-day'].delivery)} במשלוח ביום העסקים הבא; ימי עסקים: א׳–ה׳. לחו״ל ולאיסוף עצמי — כמפורט במדיניות המשלוחים.`,
            ...RETURN_TERMS,
          ],
        },
        {
          title: 'הגבלת אחריות',
          paragraphs: [
            'אנחנו משתדלים שהמידע באתר, ובכלל זה תיאורי הספרים, המחירים והזמינות, יהיה מדויק ועדכני. תיאורי הספרים נכתבים בידי הסופרים, והאחריות לתוכן הספרים עצמם היא שלהם.',
            'ככל שהדין מתיר, האתר אינו אחראי לנזק עקיף או תוצאתי הנובע מהשימוש בו, לתקלות זמניות בשירות או לעיכובים שנגרמו בידי חברות השילוח. אחריותנו כלפי לקוח בשל הזמנה מסוימת אינה עולה על הסכום ששולם עבורה.',
            'אין באמור כדי לגרוע מזכויות הצרכן לפי חוק הגנת הצרכן, ובכלל זה הזכות לבטל עסקה כמפורט בסעיף המשלוחים וההחזרות.',
          ],
        },
        {
          title: 'קניין רוחני',
          paragraphs: [
            'הזכויות בספרים שמורות לסופרים שכתבו אותם, והזכויות בעיצוב האתר, בקוד שלו ובתכנים שכתבנו שמורות לאתר מחברים. רכישת ספר מקנה את הזכות לקרוא אותו, להשאיל אותו ולהעניק אותו במתנה, ולא את הזכות להעתיק או להפיץ אותו.',
            'אין להעתיק, לסרוק, לצלם או להפיץ ספרים או חלקים מהם, ואין לאסוף באופן אוטומטי תכנים מהאתר, בלי רשות בכתב מבעלי הזכויות. ציטוט קצר לצורך ביקורת או המלצה, בציון שם הספר והסופר, מותר כמקובל.',
            'נתקלתם בספר שלדעתכם מפר זכויות? כתבו לנו דרך עמוד יצירת הקשר, ונבדוק את הפנייה בהקדם.',
          ],
        },
        {
          title: 'פרטיות',
          paragraphs: [
            'הפרטים שאתם מוסרים לנו, כמו שם, כתובת, טלפון ואימייל, משמשים לטיפול בהזמנות, למשלוח ולשירות הלקוחות בלבד. הם נמסרים לבית הדפוס ולחברת השילוח רק במידה הנדרשת כדי שהספר יגיע אליכם, ואינם נמסרים לשום צד שלישי אחר.',
            'פרטי התשלום מוזנים ישירות בדף של חברת הסליקה ואינם נשמרים אצלנו. את רשימת המשאלות, היסטוריית ההזמנות והביקורות שכתבתם אנחנו שומרים בחשבון שלכם כדי להציג לכם אותן.',
            'נשלח אליכם דיוור שיווקי רק אם ביקשתם זאת, ותמיד אפשר להסיר את עצמכם ממנו. אפשר לבקש לעיין במידע שנשמר עליכם, לתקן אותו או למחוק אותו, בפנייה דרך עמוד יצירת הקשר.',
          ],
        },
        {
          title: 'דין וסמכות שיפוט',
          paragraphs: [
            'על התקנון ועל כל שימוש באתר חלים דיני מדינת ישראל. סמכות השיפוט הבלעדית בכל עניין הנוגע לאתר נתונה לבתי המשפט המוסמכים בתל אביב–יפו.',
          ],
        },
      ],
    },
    authorsTerms: {
      title: 'תקנון הסופרים',
      warning: 'קראו את התקנון בעיון לפני שאתם מעלים ספר: העלאת יצירה לאתר מהווה הסכמה לכל תנאיו.',
      sections: [
        {
          title: 'הגדרות',
          paragraphs: [
            'בתקנון זה, "מחברים" או "הפלטפורמה" הם אתר מחברים וכל השירותים שהוא מפעיל. "סופר" הוא מי שנרשם לאתר בחשבון סופר ומעלה אליו יצירה. "יצירה" היא ספר על כל חלקיו, וכל חומר שמועלה איתו: כריכה, תיאור, ביוגרפיה ותמונות. "קורא" הוא מי שרוכש ספר באתר.',
            'התקנון פונה אל כל הסופרים, מכל המגדרים, באותה מידה. כותרות הסעיפים נועדו לנוחות הקריאה בלבד, ואין להסתמך עליהן בפירוש התקנון.',
          ],
        },
        {
          title: 'הרשמה וחשבון סופר',
          paragraphs: [
            'כדי להעלות יצירות לאתר יש לפתוח חשבון סופר. ההרשמה דורשת פרטים אישיים נכונים ומלאים, העלאה של תעודה מזהה, קורות חיים קצרים ואישור של תקנון זה. אנחנו בודקים את הפרטים לפני שהחשבון נפתח להעלאת ספרים, ורשאים לבקש מסמכים נוספים אם משהו אינו ברור.',
            'החשבון אישי ואינו ניתן להעברה. שמרו על סודיות הסיסמה, ועדכנו אותנו מיד אם נראה לכם שמישהו אחר השתמש בחשבון: כל פעולה שנעשית מהחשבון נחשבת לפעולה שלכם.',
            'הרשמה כסופר מותרת מגיל 18. סופרים צעירים יותר יכולים להצטרף באמצעות הורה או אפוטרופוס, שיפתח את החשבון בשמו ויהיה אחראי לו.',
          ],
        },
        {
          title: 'רישיון',
          paragraphs: [
            'הזכויות ביצירה נשארות שלכם. בהעלאת יצירה אתם מעניקים למחברים רישיון לא בלעדי, לכל התקופה שבה היא מוצעת באתר, להדפיס אותה לפי הזמנה, להציג אותה ואת פרטיה באתר ובקידום שלו, ולמכור עותקים שלה לקוראים בישראל ובחו״ל.',
            'הרישיון כולל את מה שנחוץ כדי לעשות זאת בפועל: להמיר את הקובץ לפורמט דפוס, להציג את הכריכה, את התיאור ועמודים ראשונים לדוגמה, ולהעביר את הקובץ לבית הדפוס שמדפיס ושולח את הספר. אין לנו רשות לשנות את תוכן היצירה, למכור אותה לצד שלישי או להעניק עליה רישיון לאחרים.',
            'מאחר שהרישיון אינו בלעדי, אתם חופשיים למכור את היצירה גם במקומות אחרים, בדפוס או בפורמט דיגיטלי, ולחתום על הסכמים עם הוצאות לאור, ובלבד שאינם סותרים את הרישיון הזה כל עוד היצירה מוצעת באתר.',
          ],
        },
        {
          title: 'התחייבויות הסופר',
          paragraphs: [
            'בהעלאת יצירה אתם מצהירים שהיא מקורית, שכתבתם אותה בעצמכם או שבידיכם כל הזכויות הדרושות לפרסומה, כולל הזכויות בתמונות, באיורים, בציטוטים ובכריכה, ושפרסומה אינו מפר זכות של אדם אחר, חוזה או דין.',
            'אתם מתחייבים למסור פרטים נכונים על היצירה (שם, קטגוריה, תיאור, מילות מפתח ומחיר) ולעדכן אותם אם השתנו. הקבצים צריכים לעמוד בדרישות שבמדריך ההעלאה: PDF,‏ EPUB או DOCX, עד 50MB, ברזולוציה של 300 DPI לפחות, ותיאור של עד 300 מילים.',
            'אם יתברר שיצירה מפרה זכויות של אחרים, או אם תועלה טענה כזאת, תשתפו איתנו פעולה, תמסרו לנו את המידע שבידיכם ותפעלו לתיקון ההפרה.',
          ],
        },
        {
          title: 'מדיניות תוכן',
          paragraphs: [
            'מחברים היא בית לספרות מגוונת, ואיננו מעדיפים סגנון, ז׳אנר או עמדה. עם זאת, לא נפרסם יצירה שיש בה הסתה לאלימות או לגזענות, פגיעה בפרטיות של אדם שאפשר לזהות, לשון הרע, תוכן מיני שמעורבים בו קטינים, או כל תוכן שפרסומו אסור על פי דין.',
            'כל יצירה עוברת לפני הפרסום בדיקה טכנית (1–2 ימי עסקים), בדיקת תוכן (3–5 ימי עסקים) ובדיקה משפטית (2–3 ימי עסקים). אם יצירה אינה מאושרת, נסביר מדוע, ובמקרים רבים אפשר לתקן אותה ולהגיש אותה שוב.',
            'יצירות שמיועדות למבוגרים בלבד יסומנו כך בעמוד הספר. התיאור, הכריכה ומילות המפתח צריכים לשקף את תוכן היצירה בהגינות ולא להטעות את הקוראים.',
          ],
        },
        {
          title: 'גילוי שימוש בבינה מלאכותית',
          paragraphs: [
            'אם השתמשתם בכלי בינה מלאכותית ביצירת הטקסט, האיורים או הכריכה, ציינו זאת בעת ההעלאה, ופרטו באיזה חלק של היצירה מדובר. שימוש בכלים לבדיקת איות, לתרגום ראשוני שעבר עריכה מלאה או להעלאת רעיונות בלבד אינו מחייב גילוי.',
            'הגילוי מוצג לקוראים בעמוד הספר, כדי שיוכלו לבחור ביודעין. האחריות לכך שתוכן שנוצר בעזרת כלים כאלה אינו מפר זכויות של אחרים מוטלת עליכם, כמו בכל חלק אחר של היצירה, והסתרה של שימוש מהותי בבינה מלאכותית היא הפרה של תקנון זה.',
          ],
        },
        {
          title: 'תגמול ותשלום',
          paragraphs: [
            `מכל מכירה של ספר מקבלים הסופרים ${split.author}% מהמחיר, ומתוכם מכוסות עלויות ההדפסה והמשלוח; ${split.community}% נתרמים לקהילה ו־${split.platform}% מממנים את אחזקת האתר. כך, מספר שנמכר ב־${ils(examplePrice)} עוברים ${ils(example.community)} לקהילה ו־${ils(example.platform)} לאתר, ו־${ils(example.author)} נשארים אצלכם.`,
            `הרווחים נצברים בחשבון הסופר ומוצגים בלוח הבקרה, לפי ספר ולפי הזמנה. אפשר למשוך רווחים שעדיין לא שולמו כשהסכום שנצבר מגיע ל־${ils(WITHDRAWAL_THRESHOLD)}, או ${WITHDRAWAL_INTERVAL_MONTHS} חודשים אחרי המכירה הראשונה ואחת ל־${WITHDRAWAL_INTERVAL_MONTHS} חודשים לאחר מכן, גם כשהסכום נמוך יותר.`,
            `מדיניות תגמול הסופרים מתארת גם העברה חודשית, ב־${MONTHLY_PAYOUT_DAY} בכל חודש, כשהיתרה מגיעה ל־${ils(MONTHLY_PAYOUT_MINIMUM)} לפחות; סכום נמוך יותר עובר לחודש הבא. התשלום מועבר לחשבון הבנק שמסרתם, בניכוי מס במקור כשהדין מחייב זאת, והדיווח על ההכנסות לרשויות המס הוא באחריותכם.`,
          ],
        },
        {
          title: 'מחירים ומבצעים',
          paragraphs: [
            'אתם קובעים את מחיר הספר בעת ההעלאה, ויכולים לשנות אותו בכל עת בלוח הבקרה. מחיר חדש חל על הזמנות שמתקבלות מרגע העדכון ואינו משנה הזמנות קודמות.',
            'מחברים רשאית להציע מבצעים, הנחות וחבילות, כמו משלוח חינם או הנחה בשבוע הספר. מבצע שמקטין את התמורה שלכם ייעשה רק בהסכמתכם מראש; מבצע שהאתר מממן בעצמו אינו משנה את חלקכם, שמחושב לפי המחיר שקבעתם.',
            'המחירים באתר מוצגים בשקלים וכוללים מע״מ. דמי המשלוח נגבים מהקורא בנפרד, לפי מדיניות המשלוחים, ואינם חלק מהמחיר שממנו מחושב התגמול.',
          ],
        },
        {
          title: 'הפקדת עותקים',
          paragraphs: [
            'חוק הספרים מחייב להפקיד בספרייה הלאומית עותקים של כל ספר שיוצא לאור בישראל. עבור ספרים שמודפסים דרך האתר, מחברים דואגת להפקדה ונושאת בעלותה, ומעדכנת אתכם כשהעותקים נמסרו.',
            'אם הספר כבר יצא לאור בעבר ויש לו מסת״ב (ISBN), נבקש את המספר בעת ההעלאה. ספר חדש שאין לו מסת״ב יקבל מספר באמצעות האתר.',
          ],
        },
        {
          title: 'הגבלת אחריות ושיפוי',
          paragraphs: [
            'מחברים מספקת את הפלטפורמה, את ההדפסה ואת המשלוח, אבל אינה עורכת את היצירות ואינה אחראית לתוכנן. האחריות לתוכן היצירה, לדיוקה ולזכויות בה מוטלת עליכם.',
            'ככל שהדין מתיר, מחברים אינה אחראית לנזק עקיף או תוצאתי, לאובדן רווחים או להפסקות זמניות בשירות, ואחריותה הכוללת כלפי סופר אינה עולה על הסכומים ששולמו לו בשנים־עשר החודשים שקדמו לאירוע.',
            'אם תוגש נגד מחברים תביעה בשל הפרת זכויות ביצירה שהעליתם או בשל הפרה של תקנון זה, תשפו אותה על ההוצאות שנגרמו לה, כולל שכר טרחה סביר, ובלבד שעדכנה אתכם על התביעה בהקדם ואפשרה לכם להתגונן מפניה.',
          ],
        },
        {
          title: 'פרטיות',
          paragraphs: [
            'הפרטים שאתם מוסרים בהרשמה, ובהם התעודה המזהה וקורות החיים, משמשים לאימות זהותכם, לתשלום התגמול ולקשר איתכם בלבד. הם נשמרים באופן מאובטח, והגישה אליהם מוגבלת לאנשי הצוות שזקוקים להם לשם כך.',
            'השם, הביוגרפיה והתמונה שבחרתם מוצגים לציבור בעמוד הסופר ובעמודי הספרים. פרטי הקוראים שרכשו את ספריכם נמסרים לכם רק במידה הנדרשת לטיפול בהזמנה, ואין להשתמש בהם לשום מטרה אחרת.',
            'אפשר לבקש לעיין במידע שנשמר עליכם, לתקן אותו או למחוק אותו, בכפוף לחובות השמירה שהדין מטיל עלינו, בפנייה דרך עמוד יצירת הקשר. בכל השאר חלה מדיניות הפרטיות שבתקנון האתר.',
          ],
        },
        {
          title: 'סיום השירות',
          paragraphs: [
            'אתם רשאים להסיר יצירה מהאתר, או לסגור את חשבון הסופר, בהודעה של 30 יום מראש. בתקופה הזאת היצירה נשארת זמינה, והזמנות שהתקבלו לפני ההסרה יסופקו במלואן.',
            'מחברים רשאית להסיר תוכן מיד, בלי הודעה מוקדמת, אם הוא מפר תקנון זה, זכויות של אחרים או את הדין, ולסגור חשבון שנעשה בו שימוש לרעה. בכל מקרה אחר תינתן הודעה של 30 יום.',
            'גם אחרי הסרה או סגירה נשמרת הזכות לתגמול על מכירות שכבר נעשו, והסכום שנצבר ישולם כמפורט בסעיף התגמול. הסעיפים על אחריות, שיפוי ופרטיות ממשיכים לחול גם אחרי סיום השירות.',
          ],
        },
        {
          title: 'שינויים בתקנון',
          paragraphs: [
            'מחברים רשאית לעדכן את התקנון מעת לעת. על שינוי מהותי נודיע באימייל ובלוח הבקרה לפחות 30 יום לפני שייכנס לתוקף, ותאריך העדכון האחרון מופיע בראש העמוד.',
            'המשך השימוש באתר אחרי שהשינוי נכנס לתוקף מהווה הסכמה לו. אם אינכם מסכימים לשינוי, תוכלו להסיר את יצירותיכם לפני כניסתו לתוקף, והתנאים הקודמים יחולו עד להסרה. על תקנון זה חלים דיני מדינת ישראל, וסמכות השיפוט הבלעדית נתונה לבתי המשפט בתל אביב–יפו.',
          ],
        },
      ],
      agreement:
        'העלאת יצירה לאתר מהווה אישור שקראתם את תקנון הסופרים, הבנתם אותו ואתם מסכימים לכל תנאיו.',
    },
  },
  screens: {
    home: 'חנות הספרים',
    books: 'כל הספרים',
    authors: 'הסופרים שלנו',
    author: 'עמוד סופר',
    book: 'עמוד ספר',
    category: 'קטגוריה',
    about: 'אודות',
    contact: 'צרו קשר',
    login: 'התחברות',
    register: 'הרשמה',
    profile: 'הפרופיל שלי',
    wishlist: 'רשימת המשאלות',
    authorCompensation: 'מדיניות תגמול סופרים',
    howToUpload: 'מדריך העלאת ספר',
    howItWorks: 'איך זה עובד',
    shippingPolicy: 'מדיניות משלוחים',
    communityDonation: 'תרומה לקהילה',
    terms: 'תקנון האתר',
    authorsTerms: 'תקנון הסופרים',
  },
  buildLabel: (label: string) => `גרסת החנות: ${label}`,
} as const;

export type SortKey = keyof typeof strings.sorts;
