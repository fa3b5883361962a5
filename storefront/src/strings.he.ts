import { formatAmount } from '@mechabrim/hebrew';
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

/** `1,000 ₪` inside a sentence. */
const ils = (amount: Agorot) => `${formatAmount(toShekels(amount))} ₪`;

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

/** Every text the storefront shows, in Hebrew. Components read from here, never inline copy. */
export const strings = {
  common: {
    home: 'דף הבית',
    authors: 'סופרים',
    loading: 'טוען…',
    tryAgain: 'נסו שוב',
    back: 'חזרה',
    backHome: 'חזרה לדף הבית',
    loadingError: 'שגיאה בטעינה',
    genericError: 'אירעה שגיאה',
    sortBy: 'מיון לפי',
    search: 'חיפוש',
    clearSearch: 'ניקוי החיפוש',
    all: 'הכול',
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
      'כל ספר שנקנה כאן תומך ישירות בסופרות ובסופרים עצמאיים. היוצרים מקבלים תגמול הוגן ובמה לקהל קוראים אמיתי, והקהילה כולה מרוויחה ספרות עברית חיה.',
    heroCta: 'לגלות ספרים',
    heroAuthorsCta: 'להכיר את הסופרים',
    statDonated: 'שקלים נתרמו לקהילה',
    statAuthors: 'סופרים פעילים',
    statBooks: 'ספרים זמינים',
    booksAvailable: '150+',
    donatedAmount: toShekels(DONATED_TO_DATE),
    splitTitle: 'לאן הולך כל שקל',
    splitText: `מכל ספר ב־${ils(examplePrice)}: ${ils(example.author)} לסופר (מהם מכוסות עלויות ההדפסה והמשלוח), ${ils(example.community)} לקהילה ו־${ils(example.platform)} לאחזקת האתר.`,
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
    soldOut: 'אזל מהמלאי',
    soldOutOverlay: 'אזל',
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
    category: 'קטגוריה',
    description: 'תקציר',
    noDescription: 'אין תיאור זמין לספר זה',
    reviewsTitle: 'ביקורות קוראים',
    noReviews: 'אין ביקורות זמינות כרגע',
    reader: 'קורא/ת',
    relatedTitle: 'ספרים נוספים בז׳אנר',
    relatedCarousel: 'ספרים קשורים',
    printOnDemand: 'מודפס במיוחד עבורך ונשלח ישירות אליך',
    donationLine: `${split.community}% מכל רכישה נתרמים לקהילה`,
  },
  authors: {
    title: 'הסופרים שלנו',
    intro: 'סופרות וסופרים עצמאיים שכותבים עברית — גלו את הקולות החדשים של הספרות המקומית.',
    searchLabel: 'חיפוש סופרים',
    searchPlaceholder: 'חיפוש לפי שם, ז׳אנר או תיאור…',
    genreLabel: 'ז׳אנר',
    allGenres: 'כל הז׳אנרים',
    sortLabel: 'מיון',
    sortName: 'שם',
    sortBooks: 'מספר ספרים',
    sortRating: 'דירוג ממוצע',
    sortSales: 'מכירות',
    featuredTitle: 'סופר/ת השבוע',
    featuredBooksTab: (n: number) => `ספרים (${n})`,
    featuredReviewsTab: 'ביקורות (0)',
    noReviews: 'אין ביקורות זמינות',
    toAuthorPage: 'לעמוד הסופר/ת',
    communityTitle: 'סופרים בקהילה',
    resultCount: (n: number) => (n === 1 ? 'סופר/ת אחד/ת' : `${n} סופרים`),
    seeMore: 'הצגת עוד',
    noAuthors: 'לא נמצאו סופרים',
    noAuthorsHint: 'נסו חיפוש אחר או נקו את הסינון.',
    fetchFailed: 'טעינת הסופרים נכשלה',
    joined: (date: string) => `הצטרף/ה ב־${date}`,
  },
  author: {
    notProvided: 'לא צוין מזהה סופר',
    notFound: 'הסופר/ת לא נמצא/ה',
    booksTitle: (name: string) => `הספרים של ${name}`,
    noBooks: 'עדיין אין ספרים זמינים מהסופר/ת',
    statsBooks: 'ספרים',
    statsRating: 'דירוג ממוצע',
    statsSales: 'עותקים נמכרו',
    genres: 'ז׳אנרים',
    noBio: 'הסופר/ת עוד לא סיפר/ה על עצמו/ה.',
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
  /** The English slugs of spec §3 and their Hebrew labels. */
  categorySlugs: {
    romance: 'רומנטיקה',
    fiction: 'סיפורת',
    science: 'מדע',
    children: 'ילדים',
    philosophy: 'פילוסופיה',
    health: 'בריאות',
    poetry: 'שירה',
    biography: 'ביוגרפיה',
    history: 'היסטוריה',
    cooking: 'בישול',
    travel: 'טיולים',
    religion: 'דת',
  } as Record<string, string>,
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
    roleUser: 'קורא/ת',
    roleAuthor: 'סופר/ת',
    login: 'התחברות',
    loggingIn: 'מתחבר…',
    register: 'הרשמה',
    registering: 'נרשם…',
    noAccount: 'עדיין אין לך חשבון?',
    toRegister: 'להרשמה',
    haveAccount: 'כבר יש לך חשבון?',
    toLogin: 'להתחברות',
    loginError: 'שגיאה בהתחברות',
    registerError: 'שגיאה בהרשמה',
    agreeTerms: 'קראתי ואני מאשר/ת את',
    terms: 'תקנון האתר',
    agreeAuthorsTerms: 'קראתי ואני מאשר/ת את',
    authorsTerms: 'תקנון הסופרים',
    newTab: '(נפתח בכרטיסייה חדשה)',
    strength: 'חוזק הסיסמה:',
    strengthLevels: { weak: 'חלשה', medium: 'בינונית', strong: 'חזקה' } as Record<string, string>,
    passwordHint: 'לפחות 8 תווים, 2 ספרות, אות גדולה באנגלית ותו מיוחד',
    passwordsDoNotMatch: 'הסיסמאות אינן תואמות',
  },
  profile: {
    title: 'הפרופיל שלי',
    name: 'שם',
    email: 'אימייל',
    bio: 'קצת עליי',
    role: 'סוג חשבון',
    roles: { user: 'קורא/ת', author: 'סופר/ת', admin: 'מנהל/ת' } as Record<string, string>,
    edit: 'עריכה',
    save: 'שמירה',
    saving: 'שומר…',
    cancel: 'ביטול',
    logout: 'התנתקות',
    updated: 'הפרופיל עודכן בהצלחה',
    updateError: 'שגיאה בעדכון הפרופיל',
    loginPrompt: 'יש להתחבר כדי לראות את הפרופיל',
    login: 'התחברות',
    noBio: 'עוד לא כתבת על עצמך.',
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
  },
  about: {
    title: 'אודות מחברים',
    heroText: 'קהילה תומכת של קוראים, סופרים ואנשי מקצוע המחויבים לספרות העברית.',
    missionTitle: 'המשימה שלנו',
    mission:
      'מחברים נולד כדי לקדם ספרות עברית מקומית ועצמאית. אנחנו נותנים לסופרות ולסופרים במה, הדפסה לפי דרישה ומשלוח ישיר לקוראים — בלי מחסנים ובלי מתווכים.',
    splitTitle: 'כך מתחלק כל תשלום',
    split: `${split.community}% מכל רכישה נתרמים לעמותה המסייעת לחיילים פצועים, ${split.platform}% נוספים מממנים את תפעול החנות, והיתרה מגיעה לסופר/ת לאחר כיסוי עלויות ההדפסה והמשלוח.`,
    charityLink: 'לפרטים על התרומה לקהילה',
    charityUrl: '/community-donation',
    statsTitle: 'מחברים במספרים',
    statAuthors: 'סופרים',
    statBooks: 'ספרים',
    imageAlt: 'איור של מדף ספרים בחנות ספרים קהילתית',
    toBooks: 'לכל הספרים',
  },
  policies: {
    updated: 'עודכן לאחרונה: 08/08/2025',
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
            `מכירה דיגיטלית: ${digital.author}% לסופר/ת, ${digital.platform}% לפלטפורמה, ${digital.community}% לקהילה.`,
            `מכירה של ספר מודפס: ${printed.author}% לסופר/ת, ${printed.platform}% לפלטפורמה (כולל הדפסה ומשלוח), ${printed.community}% לקהילה.`,
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
          text: 'הכינו את קובץ הספר (PDF,‏ EPUB או DOCX, עד 50MB, ברזולוציה של 300 DPI לפחות), תמונת כריכה, תקציר של עד 300 מילים וביוגרפיה קצרה.',
        },
        {
          title: 'יצירת חשבון',
          text: 'חשבון סופר דורש פרטים אישיים, העלאת תעודה מזהה, קורות חיים ואישור של תקנון הסופרים.',
        },
        {
          title: 'העלאת הספר',
          text: 'מלאו את פרטי הספר: שם, שם המחבר/ת, קטגוריה, תיאור מפורט, מילות מפתח, קובץ הספר, תמונת כריכה, תקציר, ביוגרפיה, מחיר, זמינות, אפשרויות משלוח וזכויות יוצרים.',
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
        { value: ils(examplePrice), label: 'הקורא/ת קונה ספר' },
        { value: ils(example.community), label: 'לקהילה' },
        { value: ils(example.platform), label: 'לאחזקת האתר' },
        { value: ils(example.author), label: 'לסופר/ת (כולל עלויות הדפסה ומשלוח)' },
      ],
      detailTitle: 'בפירוט',
      detail: `מתוך ${ils(example.author)} שמגיעים לסופר/ת מכוסות עלויות ההדפסה והמשלוח, והיתרה היא הרווח של היוצר/ת. ${split.community}% מכל רכישה עוברים לפרויקטים קהילתיים, ו־${split.platform}% מממנים את תפעול האתר.`,
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
        domesticRow('express', 'משלוח מהיר', 'לכל הארץ'),
        domesticRow('next-day', 'משלוח ליום המחרת', 'אזור המרכז והשרון'),
        domesticRow('pickup', 'איסוף עצמי', 'סניף תל אביב בלבד'),
      ],
      freeTitle: 'משלוח חינם',
      free: [
        `משלוח רגיל חינם בהזמנה מעל ${ils(FREE_STANDARD_OVER)}.`,
        `משלוח מהיר חינם בהזמנה מעל ${ils(FREE_EXPRESS_OVER)}.`,
        `הזמנה של יותר מ־${FREE_SHIPPING_MIN_BOOKS - 1} ספרים — משלוח רגיל או מהיר חינם.`,
        'חברי מועדון VIP — משלוח חינם תמיד, בכל שיטות המשלוח בארץ.',
      ],
      internationalTitle: 'משלוחים לחו״ל',
      international: [
        internationalLine('europe-usa', 'אירופה וארה״ב'),
        internationalLine('asia-oceania', 'אסיה ואוקיאניה'),
        internationalLine('africa-south-america', 'אפריקה ודרום אמריקה'),
        `ספרים בשווי של עד ${CUSTOMS_EXEMPT_UP_TO_USD}$ פטורים ממכס ברוב המדינות.`,
      ],
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
      intro: `${DONATION_POLICY_PROFIT_PERCENT}% מהרווחים ממכירות נבחרות מוקדשים לפרויקטים שמקדמים קריאה וכתיבה בעברית. כך נראים הפרויקטים שאנחנו תומכים בהם.`,
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
      donateNow: 'לתרומה עכשיו',
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
        },
        {
          title: 'משלוחים, החזרות וביטולים',
          items: [
            'האספקה תוך 14 ימי עסקים בדואר רשום או 3 ימי עסקים בשליח. ימי עסקים: א׳–ה׳.',
            'ניתן להחזיר ספר חדש תוך 14 יום מהמשלוח; דמי המשלוח חזרה על חשבון הלקוח. ספרים דיגיטליים אינם ניתנים להחזרה.',
            'ההחזר הכספי יבוצע תוך 5–7 ימי עסקים.',
            `דמי ביטול: ${CANCELLATION_FEE_PERCENT}% מסכום העסקה או ${ils(CANCELLATION_FEE_CAP)}, הנמוך מביניהם.`,
          ],
        },
        {
          title: 'הגבלת אחריות',
          items: ['האתר אינו אחראי לנזק עקיף או תוצאתי הנובע מהשימוש בו, ככל שהדין מתיר.'],
        },
        {
          title: 'קניין רוחני',
          items: ['כל הזכויות בתכנים ובספרים שמורות לבעליהן. אין להעתיק או להפיץ ללא רשות.'],
        },
        {
          title: 'פרטיות',
          items: [
            'הפרטים שנמסרים לנו משמשים לטיפול בהזמנות ולשירות בלבד, ולא נמסרים לצד שלישי שלא לצורך זה.',
          ],
        },
        {
          title: 'דין וסמכות שיפוט',
          items: ['על התקנון חלים דיני מדינת ישראל. סמכות השיפוט הבלעדית לבתי המשפט בתל אביב–יפו.'],
        },
      ],
    },
    authorsTerms: {
      title: 'תקנון הסופרים',
      warning: 'אנא קראו את התקנון בעיון. העלאת ספר לאתר מהווה הסכמה לכל תנאיו.',
      sections: [
        {
          title: 'הגדרות',
          items: [
            '"הפלטפורמה" — אתר מחברים. "סופר/ת" — מי שמעלה יצירה לאתר. "יצירה" — ספר וכל חומר נלווה.',
          ],
        },
        { title: 'הרשמה', items: ['ההרשמה כסופר/ת דורשת פרטים נכונים, תעודה מזהה ואישור התקנון.'] },
        {
          title: 'רישיון',
          items: ['הסופר/ת מעניק/ה לפלטפורמה רישיון לא בלעדי להדפיס, להציג ולמכור את היצירה.'],
        },
        {
          title: 'התחייבויות הסופר/ת',
          items: ['הסופר/ת מצהיר/ה שהיצירה מקורית ושבידיו/ה כל הזכויות בה.'],
        },
        { title: 'מדיניות תוכן', items: ['אין להעלות תוכן פוגעני, מסית או מפר זכויות.'] },
        {
          title: 'גילוי שימוש בבינה מלאכותית',
          items: ['יש לציין אם נעשה שימוש בכלי בינה מלאכותית ביצירה.'],
        },
        {
          title: 'תגמול ותשלום',
          items: [
            `אפשר למשוך רווחים כשהיתרה מגיעה ל־${ils(WITHDRAWAL_THRESHOLD)}, או ${WITHDRAWAL_INTERVAL_MONTHS} חודשים אחרי המכירה הראשונה ואחת ל־${WITHDRAWAL_INTERVAL_MONTHS} חודשים לאחר מכן.`,
          ],
        },
        {
          title: 'מחירים ומבצעים',
          items: ['הסופר/ת קובע/ת את מחיר הספר; הפלטפורמה רשאית להציע מבצעים בתיאום.'],
        },
        { title: 'הפקדת עותקים', items: ['הפלטפורמה תדאג להפקדת עותקים כנדרש בחוק הספרים.'] },
        {
          title: 'הגבלת אחריות ושיפוי',
          items: ['הסופר/ת ישפה את הפלטפורמה על כל תביעה הנובעת מהפרת זכויות ביצירה.'],
        },
        { title: 'פרטיות', items: ['פרטי הסופרים נשמרים בהתאם למדיניות הפרטיות של האתר.'] },
        {
          title: 'סיום השירות',
          items: [
            'סופר/ת רשאי/ת להסיר יצירה בהודעה של 30 יום; הפלטפורמה רשאית להסיר תוכן מיד בשל הפרה. הזכות לתגמול שנצבר נשמרת.',
          ],
        },
        { title: 'שינויים', items: ['הפלטפורמה רשאית לעדכן את התקנון; עדכון יפורסם באתר.'] },
      ],
      agreement:
        'בהעלאת יצירה לאתר אני מאשר/ת שקראתי את התקנון, הבנתי אותו ואני מסכים/ה לכל תנאיו.',
    },
  },
  notFound: {
    title: 'הדף לא נמצא',
    body: 'ייתכן שהקישור שגוי או שהדף הוסר.',
    home: 'לדף הבית',
  },
  screens: {
    home: 'חנות הספרים',
    books: 'כל הספרים',
    authors: 'הסופרים שלנו',
    author: 'עמוד סופר',
    book: 'עמוד ספר',
    category: 'קטגוריה',
    about: 'אודות',
    contact: 'צור קשר',
    login: 'התחברות',
    register: 'הרשמה',
    profile: 'הפרופיל שלי',
    wishlist: 'רשימת המשאלות',
    authorCompensation: 'מדיניות תגמול סופרים',
    howToUpload: 'מדריך העלאת ספר',
    howItWorks: 'איך זה עובד',
    shippingPolicy: 'מדיניות משלוחים',
    communityDonation: 'תרומה לקהילה',
    terms: 'תנאי שימוש',
    authorsTerms: 'תנאי שימוש לסופרים',
  },
  buildLabel: (label: string) => `גרסת החנות: ${label}`,
} as const;

export type SortKey = keyof typeof strings.sorts;
