/** Hebrew copy of the author portal. */
export const strings = {
  portalName: 'פורטל הסופרים של מחברים',
  brand: 'מחברים',
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
  loading: 'טוען…',
  screens: {
    overview: 'לוח הבקרה',
    books: 'הספרים שלי',
    orders: 'הזמנות',
    earnings: 'הכנסות',
    profile: 'הפרופיל שלי',
    upload: 'העלאת ספר חדש',
    edit: 'עריכת ספר',
  },
  signIn: {
    title: 'כניסה לפורטל הסופרים',
    intro: 'התחברו עם חשבון הסופר שלכם כדי לנהל את הספרים, ההזמנות וההכנסות.',
    email: 'אימייל',
    password: 'סיסמה',
    submit: 'כניסה',
    submitting: 'מתחבר…',
    loginError: 'שגיאה בהתחברות',
    authorsOnly: 'הכניסה לפורטל מיועדת לסופרים בלבד. חשבון זה אינו חשבון סופר.',
    signedInAs: (name: string) => `מחובר/ת בתור ${name}`,
    logout: 'התנתקות',
  },
  startup: {
    configFailed: 'לא הצלחנו לטעון את פורטל הסופרים. בדקו את החיבור ונסו שוב.',
    reload: 'טעינה מחדש',
  },
  remoteUnavailable: {
    title: 'פורטל הסופרים אינו זמין כרגע',
    body: 'לא הצלחנו לטעון את התוכן. נסו שוב בעוד רגע.',
    retry: 'ניסיון חוזר',
  },
} as const;
