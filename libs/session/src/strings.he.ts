/** Hebrew messages of the session and the API client (spec §8). */
export const strings = {
  networkError: 'אין חיבור לשרת. בדקו את החיבור לאינטרנט ונסו שוב.',
  unknownError: 'אירעה שגיאה. נסו שוב.',
  unauthorized: 'נדרשת התחברות. התחברו שוב.',
  forbidden: 'אין לכם הרשאה לפעולה הזו.',
  notFound: 'הפריט המבוקש לא נמצא.',
  serverError: 'אירעה תקלה בשרת. נסו שוב בעוד רגע.',
  unavailable: 'השירות אינו זמין כרגע. נסו שוב בעוד רגע.',
  loginFailed: 'ההתחברות נכשלה',
  registerFailed: 'ההרשמה נכשלה',
  profileUpdateFailed: 'עדכון הפרופיל נכשל',
  sessionEnded: 'ההתחברות שלכם הסתיימה. נא להתחבר מחדש.',
  logoutEverywhereFailed: 'לא הצלחנו לנתק את כל המכשירים. נסו שוב.',
  authorRoleRequired: 'הכניסה לפורטל הסופרים מיועדת לסופרים בלבד.',
} as const;
