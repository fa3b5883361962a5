/** Every message the API shows to users, in Hebrew. Modules add their own sections here. */
export const messagesHe = {
  errors: {
    badRequest: 'הבקשה אינה תקינה.',
    validation: 'חלק מהשדות שנשלחו אינם תקינים.',
    malformedJson: 'גוף הבקשה אינו JSON תקין.',
    unsupportedMediaType: 'סוג התוכן של הבקשה אינו נתמך.',
    payloadTooLarge: 'הבקשה גדולה מדי.',
    unauthorized: 'יש להתחבר כדי לבצע פעולה זו.',
    forbidden: 'אין לך הרשאה לבצע פעולה זו.',
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
    invalidEmail: 'כתובת דוא"ל אינה תקינה',
    invalidOption: (options: string) => `ערך לא מוכר (אפשרויות: ${options})`,
    unknownField: 'שדה לא מוכר',
    forbiddenKey: 'שמות שדות אינם יכולים להתחיל ב-$',
    invalid: 'ערך לא תקין',
  },
  health: {
    down: (names: string[]) => `השירות אינו זמין כרגע: ${names.join(', ')}`,
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
  return names[expected] ?? expected;
}
