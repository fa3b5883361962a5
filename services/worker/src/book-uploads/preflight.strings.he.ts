/** The preflight report's Hebrew: each check's title, explanation and how to fix it. */
const mm = (value: number) => `${value} מ״מ`;
const size = (w: number, h: number) => `${w}×${h} מ״מ`;
/**
 * A count of something in Hebrew, agreeing in number: `one` for 1 ('עמוד אחד'), `two` for 2
 * ('שני עמודים'), else the number and the plural ('5 עמודים').
 */
export const counted = (n: number, one: string, two: string, many: string) =>
  n === 1 ? one : n === 2 ? two : `${n} ${many}`;
/** A number of pages: 'עמוד אחד', 'שני עמודים', '40 עמודים'. */
export const pagesHe = (n: number) => counted(n, 'עמוד אחד', 'שני עמודים', 'עמודים');

const pageList = (pages: number[]) =>
  pages.length > 5
    ? `עמודים ${pages.slice(0, 5).join(', ')} ועוד ${pages.length - 5}`
    : pages.length === 1
      ? `עמוד ${pages[0]}`
      : `עמודים ${pages.join(', ')}`;

const reexport = 'ייצאו את הקובץ מחדש מתוכנת העימוד (מומלץ כ־PDF/X-1a או PDF/X-4) והעלו אותו שוב.';

export const preflightStringsHe = {
  titles: {
    'interior.opens': 'קובץ הספר נפתח',
    'interior.page-count': 'מספר העמודים',
    'interior.page-size': 'גודל העמודים',
    'interior.fonts-embedded': 'הטמעת גופנים',
    'interior.image-resolution': 'רזולוציית התמונות',
    'interior.even-page-count': 'מספר עמודים זוגי',
    'interior.first-page-right': 'העמוד הראשון בצד ימין',
    'cover.opens': 'קובץ הכריכה נפתח',
    'cover.single-spread': 'כריכה בעמוד פרוס אחד',
    'cover.spread-size': 'מידות הכריכה הפרוסה',
    'cover.spine-width': 'רוחב השדרה',
    'cover.front-side': 'מיקום הכריכה הקדמית',
    'cover.spine-text': 'טקסט על השדרה',
    'cover-image.decodes': 'תמונת הכריכה',
  },
  open: {
    ok: 'הקובץ נפתח כ־PDF תקין.',
    measuredOk: (pages: number) => `PDF תקין, ${pagesHe(pages)}`,
    expected: 'PDF תקין, לא מוצפן ושלם',
    'not-pdf': {
      measured: 'אינו PDF',
      explanation: 'הקובץ אינו PDF: חסרה בתחילתו הכותרת שכל קובץ PDF מתחיל בה.',
      fix: 'שמרו את הספר מתוכנת העימוד כ־PDF ("שמירה בשם" או "ייצוא" ← PDF) והעלו את הקובץ שנוצר.',
    },
    encrypted: {
      measured: 'מוצפן או מוגן בסיסמה',
      explanation: 'הקובץ מוצפן או מוגן בסיסמה, ולכן בית הדפוס אינו יכול לקרוא אותו.',
      fix: 'ייצאו את הקובץ מחדש בלי סיסמה ובלי הגבלות אבטחה, והעלו אותו שוב.',
    },
    truncated: {
      measured: 'קטוע',
      explanation: 'הקובץ קטוע: סופו חסר, כנראה השמירה או ההעלאה נקטעו באמצע.',
      fix: 'שמרו את ה־PDF מחדש, ודאו שהוא נפתח עד העמוד האחרון, והעלו אותו שוב.',
    },
    unreadable: {
      measured: 'פגום',
      explanation: 'מבנה הקובץ פגום, ולא ניתן לקרוא את עמודיו.',
      fix: reexport,
    },
    limits: {
      measured: 'חרג ממגבלות הבדיקה',
      explanation:
        'בדיקת הקובץ חרגה מהזמן או מהזיכרון המותרים: הקובץ מורכב מדי (או פגום) בשביל הדפסה.',
      fix: 'צמצמו את הקובץ — השטיחו שקיפויות, הקטינו תמונות ל־300 DPI — וייצאו אותו מחדש כ־PDF/X-1a.',
    },
    crashed: {
      measured: 'לא ניתן לקריאה',
      explanation: 'קריאת הקובץ נכשלה באמצע, כנראה בגלל מבנה פגום.',
      fix: reexport,
    },
  },
  pageCount: {
    measured: (pages: number) => pagesHe(pages),
    expected: (min: number, max: number) => `בין ${min} ל־${max} עמודים`,
    ok: 'מספר העמודים מתאים לכריכה רכה בכריכה דבוקה.',
    tooFew: (min: number) =>
      `כריכה דבוקה מחזיקה לפחות ${min} עמודים; בספר קצר יותר הדפים אינם נאחזים בשדרה.`,
    tooMany: (max: number) => `כריכה רכה מחזיקה לכל היותר ${max} עמודים.`,
    fixFew: (min: number) =>
      `הוסיפו עמודים (למשל עמודי פתיחה או עמודים ריקים בסוף) עד ${min} לפחות.`,
    fixMany: 'חלקו את הספר לכרכים, או הקטינו את הגופן והשוליים כדי לצמצם את מספר העמודים.',
  },
  pageSize: {
    expected: (w: number, h: number, trimW: number, trimH: number, bleed: number) =>
      `${size(w, h)} (±1) — ${size(trimW, trimH)} ועוד ${mm(bleed)} לחיתוך מכל צד`,
    allOk: (w: number, h: number, pages: number) =>
      `${size(w, h)} ${pages === 1 ? 'בעמוד היחיד' : pages === 2 ? 'בשני העמודים' : `בכל ${pages} העמודים`}`,
    wrong: (pages: number[], w: number, h: number) => `${pageList(pages)}: ${size(w, h)}`,
    ok: 'כל העמודים בגודל הספר שנבחר, כולל השוליים לחיתוך (bleed).',
    explanation: 'עמודים בגודל אחר יוזזו או יוקטנו בדפוס, והטקסט והתמונות ייחתכו או יזוזו.',
    fixNoBleed: (bleed: number) =>
      `העמודים בגודל הספר בדיוק, בלי שוליים לחיתוך. בהגדרות הייצוא הוסיפו bleed של ${mm(bleed)} מכל צד.`,
    fixSpread: 'ייצאו עמודים בודדים ולא כפולות עמודים (spreads).',
    fixSize: (trimW: number, trimH: number, bleed: number) =>
      `הגדירו בתוכנת העימוד עמוד בגודל ${size(trimW, trimH)} עם bleed של ${mm(bleed)} מכל צד, וייצאו מחדש.`,
  },
  fonts: {
    expected: 'כל הגופנים מוטמעים',
    allOk: (count: number) =>
      count === 0
        ? 'אין גופנים (אין טקסט חי)'
        : count === 1
          ? 'גופן אחד, מוטמע'
          : `${counted(count, '', 'שני גופנים', 'גופנים')}, ${count === 2 ? 'שניהם' : 'כולם'} מוטמעים`,
    /** A font that is not embedded, named without its subset prefix, and the page it was found on. */
    fontOnPage: (name: string, page: number) => `${name} (עמוד ${page})`,
    missing: (names: string[]) =>
      `לא מוטמעים: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` ועוד ${names.length - 5}` : ''}`,
    ok: 'כל הגופנים מוטמעים בקובץ, כך שהטקסט יודפס בדיוק כפי שעוצב.',
    explanation: 'גופן שאינו מוטמע יוחלף בדפוס בגופן אחר, והעימוד והאותיות העבריות עלולים להשתבש.',
    fix: 'בהגדרות הייצוא סמנו "הטמעת כל הגופנים" (Embed all fonts), או ייצאו כ־PDF/X-1a שמטמיע אותם תמיד.',
  },
  images: {
    expected: (dpi: number) => `לפחות ${dpi} DPI`,
    none: 'אין תמונות',
    lowest: (dpi: number, page: number) => `הנמוכה ביותר: ${dpi} DPI (עמוד ${page})`,
    low: (count: number, dpi: number, page: number) =>
      count === 1
        ? `תמונה אחת מתחת לסף: ${dpi} DPI (עמוד ${page})`
        : `${counted(count, '', 'שתי תמונות', 'תמונות')} מתחת לסף; הנמוכה: ${dpi} DPI (עמוד ${page})`,
    ok: 'כל התמונות שנקראו ברזולוציה מספיקה להדפסה חדה.',
    none_ok: 'לא נמצאו תמונות בקובץ.',
    explanation: (dpi: number) => `תמונה ברזולוציה נמוכה מ־${dpi} DPI תודפס מטושטשת או מפוקסלת.`,
    fix: (dpi: number) =>
      `החליפו את התמונות בקבצים ברזולוציה גבוהה יותר (${dpi} DPI לפחות בגודל שבו הן מופיעות בעמוד), או הקטינו אותן בעימוד.`,
    unreadable: (pages: number[]) =>
      `את תוכן ${pageList(pages)} לא ניתן היה לקרוא, ולכן התמונות בהם לא נבדקו.`,
  },
  evenPages: {
    expected: 'מספר זוגי',
    ok: 'מספר העמודים זוגי, כך שהעמוד האחרון ייפול על גב הדף ולא יתווסף דף ריק באמצע.',
    explanation:
      'ספר מימין לשמאל מודפס בזוגות עמודים; במספר אי־זוגי בית הדפוס יוסיף עמוד ריק, והעמודים יזוזו צד.',
    fix: 'הוסיפו עמוד אחד (למשל עמוד ריק בסוף הספר) כך שמספר העמודים יהיה זוגי.',
  },
  firstPage: {
    expected: 'עמוד בודד, קריאה מימין לשמאל',
    single: 'עמוד בודד',
    spread: 'כפולת עמודים',
    l2r: 'עמוד בודד; הקובץ מוגדר לקריאה משמאל לימין',
    ok: 'העמוד הראשון הוא עמוד בודד, והוא יופיע בצד ימין של הפתיחה הראשונה כמקובל בספר עברי.',
    spreadExplanation:
      'העמוד הראשון בקובץ הוא כפולת עמודים, ולכן בית הדפוס לא יוכל להציב אותו לבדו בצד ימין.',
    spreadFix: 'ייצאו את הספר כעמודים בודדים ולא כפולות עמודים (spreads).',
    l2rExplanation:
      'הקובץ מסומן לקריאה משמאל לימין, ולכן בתצוגת כפולות העמוד הראשון יופיע משמאל ולא מימין.',
    l2rFix: 'בתוכנת העימוד בחרו כריכה מימין לשמאל (Right-to-left binding) וייצאו את הקובץ מחדש.',
  },
  cover: {
    onePage: 'עמוד אחד',
    pagesMeasured: (pages: number) => pagesHe(pages),
    singleOk: 'הכריכה היא עמוד פרוס אחד: אחורית, שדרה וקדמית.',
    singleExplanation:
      'קובץ הכריכה צריך להכיל עמוד אחד פרוס עם האחורית, השדרה והקדמית; רק העמוד הראשון נבדק.',
    singleFix: 'מחקו מקובץ הכריכה את העמודים הנוספים, או ייצאו רק את עמוד הכריכה.',
    spreadExpected: (w: number, h: number) => `${size(w, h)} (±1)`,
    spreadMeasured: (w: number, h: number) => size(w, h),
    spreadOk: 'מידות הכריכה תואמות את גודל הספר, מספר העמודים וסוג הנייר.',
    spreadExplanation: (w: number, h: number, trimW: number, spine: number, bleed: number) =>
      `הכריכה צריכה להיות ${size(w, h)}: פעמיים רוחב הספר (${mm(trimW)}), השדרה (${mm(spine)}) ו־${mm(bleed)} לחיתוך מכל צד.`,
    spreadFix:
      'הורידו את תבנית הכריכה המדויקת בטופס ההעלאה (לפי מספר העמודים, הגודל וסוג הנייר), עדכנו את גודל המסמך וייצאו מחדש.',
    spineExpected: (spine: number, pages: number, paper: string) =>
      `${mm(spine)} (±1) — ${pagesHe(pages)} על נייר ${paper.replace('g', '')} גרם`,
    spineMeasured: (spine: number) => mm(spine),
    spineOk: 'רוחב השדרה בכריכה מתאים לעובי הספר.',
    spineExplanation: (spine: number) =>
      `עובי הספר המודפס קובע את רוחב השדרה: ${mm(spine)}. שדרה רחבה או צרה מזה תגרום לכיתוב ולתמונה לגלוש מהשדרה אל הכריכות.`,
    spineFix:
      'קבעו את רוחב השדרה לפי תבנית הכריכה בטופס ההעלאה; אם מספר העמודים השתנה, עדכנו גם את השדרה.',
    notSpreadMeasured: (w: number, h: number) => `עמוד בודד של ${size(w, h)}, לא כריכה פרוסה`,
    notSpreadExplanation: (trimW: number) =>
      `הכריכה צרה מפעמיים רוחב הספר (${mm(trimW)}), כלומר היא כריכה קדמית בלבד ולא פריסה של אחורית, שדרה וקדמית — ולכן אין בה שדרה למדוד.`,
    notSpreadFix:
      'עצבו את הכריכה כעמוד פרוס אחד: אחורית, שדרה וקדמית. את המידות המדויקות תמצאו בתבנית הכריכה שבטופס ההעלאה.',
    notChecked: 'לא נבדק',
    sideNotChecked:
      'הכריכה אינה פרוסה, ולכן אין שדרה שאפשר לבדוק ביחס אליה באיזה צד נמצאת הכריכה הקדמית.',
    spineTextNotChecked: 'הכריכה אינה פרוסה, ולכן אין בה שדרה שאפשר לבדוק את הטקסט עליה.',
    spineUnknown: 'מספר העמודים לא ידוע (קובץ הספר לא נקרא), ולכן לא ניתן לחשב את השדרה.',
    side: { left: 'משמאל לשדרה', right: 'מימין לשדרה' },
    sideMeasured: (side: 'left' | 'right', by: 'title' | 'image') =>
      `${side === 'left' ? 'משמאל' : 'מימין'} לשדרה (לפי ${by === 'title' ? 'הכותרת' : 'התמונה'})`,
    sideUnknown: 'לא זוהו כותרת או תמונה',
    sideOk: (direction: 'rtl' | 'ltr') =>
      direction === 'rtl'
        ? 'הכריכה הקדמית משמאל לשדרה, כנדרש בספר הנפתח מימין לשמאל.'
        : 'הכריכה הקדמית מימין לשדרה, כנדרש בספר הנפתח משמאל לימין.',
    sideWrong: (direction: 'rtl' | 'ltr') =>
      direction === 'rtl'
        ? 'בספר עברי, הנפתח מימין לשמאל, הכריכה הקדמית נמצאת משמאל לשדרה כשמסתכלים על הכריכה הפרוסה. כאן הכותרת או תמונת השער מימין לה, כך שהספר יודפס כשהשער מאחור.'
        : 'בספר הנפתח משמאל לימין הכריכה הקדמית נמצאת מימין לשדרה, אבל כאן הכותרת או תמונת השער משמאל לה.',
    sideFix: 'החליפו בין צדי הכריכה בקובץ: הכריכה הקדמית בצד השני של השדרה והאחורית במקומה.',
    sideUnknownExplanation:
      'לא נמצאו בכריכה טקסט או תמונה שמהם אפשר לדעת היכן הכריכה הקדמית (למשל כשכל הכריכה היא תמונה אחת). נבדוק זאת ידנית באישור הספר.',
    spineTextExpected: (allowed: boolean, min: number) =>
      allowed ? `מותר (שדרה של ${mm(min)} לפחות)` : `ללא טקסט (השדרה צרה מ־${mm(min)})`,
    spineTextFound: 'יש טקסט על השדרה',
    spineTextNone: 'אין טקסט על השדרה',
    spineTextOk: 'הטקסט על השדרה מתאים לרוחבה.',
    spineTextNarrow: (spine: number, min: number) =>
      `השדרה ברוחב ${mm(spine)} בלבד; טקסט על שדרה צרה מ־${mm(min)} גולש לכריכות בחיתוך.`,
    spineTextFix: 'הסירו את הטקסט מהשדרה, או הוסיפו עמודים או בחרו נייר עבה יותר כדי להרחיב אותה.',
  },
  coverImage: {
    expected: 'תמונה תקינה (JPEG, PNG או WebP), רוחב 600 פיקסלים לפחות',
    measured: (w: number, h: number, format: string) =>
      `${w}×${h} פיקסלים, ${format.toUpperCase()}`,
    ok: 'תמונת הכריכה נקראה, והוכנו ממנה גדלים לאתר.',
    small: 'התמונה קטנה, ותיראה מטושטשת בעמוד הספר באתר.',
    smallFix: 'העלו תמונת כריכה ברוחב 600 פיקסלים לפחות (מומלץ 1200).',
    broken: 'לא ניתן לפענח את קובץ התמונה.',
    brokenFix: 'שמרו את תמונת הכריכה מחדש כ־JPEG או PNG והעלו אותה שוב.',
    missing: 'לא הועלתה תמונת כריכה',
  },
} as const;
