/**
 * Hebrew validation messages carried by the shared zod schemas, so a form and the server show the
 * same words (spec §5).
 */
export const VALIDATION_HE = {
  required: (field: string) => `${field} הוא שדה חובה`,
  nameRequired: 'שם הוא שדה חובה',
  nameTooShort: 'השם חייב להכיל לפחות 2 תווים',
  nameTooLong: 'השם ארוך מדי (עד 80 תווים)',
  emailRequired: 'אימייל הוא שדה חובה',
  emailInvalid: 'נא להזין כתובת אימייל תקינה',
  passwordRequired: 'סיסמה היא שדה חובה',
  /** The password rules; the failing ones are joined into one message. */
  passwordRules: {
    length: 'לפחות 8 תווים',
    digits: 'לפחות 2 ספרות',
    symbol: 'לפחות תו מיוחד אחד (שאינו אות או ספרה)',
    upper: 'לפחות אות גדולה אחת באנגלית',
  },
  passwordIntro: 'הסיסמה חייבת להכיל',
  passwordTooLong: 'הסיסמה ארוכה מדי (עד 128 תווים)',
  passwordsDoNotMatch: 'הסיסמאות אינן תואמות',
  termsRequired: 'יש לאשר את תנאי האתר',
  authorsTermsRequired: 'יש לאשר את תנאי היוצרים',
  roleInvalid: 'סוג החשבון חייב להיות קורא או יוצר',
  bioTooLong: 'הביוגרפיה ארוכה מדי (עד 2000 תווים)',
  avatarInvalid: 'כתובת התמונה אינה תקינה',
  jsonTooDeep: (maxDepth: number) => `מבנה הנתונים עמוק מדי (עד ${maxDepth} רמות)`,
  jsonNulInKey: 'שמות שדות אינם יכולים להכיל את התו NUL',
  idInvalid: 'המזהה אינו תקין',
  searchRequired: 'יש להזין טקסט לחיפוש',
  searchTooLong: 'טקסט החיפוש ארוך מדי (עד 100 תווים)',
  limitInvalid: 'המספר המבוקש אינו תקין',
  pageInvalid: 'מספר העמוד אינו תקין',
  categoryInvalid: 'הקטגוריה אינה מוכרת',
  sortInvalid: 'מיון לא מוכר',
  subjectInvalid: 'נושא הפנייה אינו מוכר',
  subjectRequired: 'נושא הפנייה הוא שדה חובה',
  messageRequired: 'תוכן ההודעה הוא שדה חובה',
  messageTooLong: 'ההודעה ארוכה מדי (עד 5000 תווים)',
  bookIdRequired: 'יש לציין את הספר',
} as const;
