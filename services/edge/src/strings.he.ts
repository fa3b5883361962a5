/** What the edge server says to people, in Hebrew (error answers' `message`). */
export const strings = {
  badLandingPath: 'נתיב העמוד חסר או אינו תקין',
  badRequest: 'הבקשה אינה תקינה',
  methodNotAllowed: 'אי אפשר לשלוח נתונים לכתובת הזאת',
  serverError: 'אירעה תקלה בשרת, נסו שוב בעוד רגע',
  bodyTooLarge: 'הבקשה גדולה מדי',
  apiUnavailable: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע',
  releaseUnavailable: 'הקובץ אינו זמין כרגע, נסו שוב בעוד רגע',
} as const;
