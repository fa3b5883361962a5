import { z } from 'zod';
import { BOOK_UPLOAD_HE } from '../book-options';

/** Hebrew messages of the portal's schemas, shared by its forms and the server. */
export const PORTAL_VALIDATION_HE = {
  titleRequired: 'שם הספר הוא שדה חובה',
  titleTooLong: 'שם הספר ארוך מדי (עד 300 תווים)',
  priceRequired: BOOK_UPLOAD_HE.priceRequired,
  priceInvalid: 'המחיר חייב להיות מספר לא שלילי עם עד שתי ספרות אחרי הנקודה',
  priceTooHigh: BOOK_UPLOAD_HE.priceTooHigh,
  summaryTooLong: 'התיאור ארוך מדי (עד 5000 תווים)',
  tagsInvalid: 'אפשר עד 30 תגיות, כל אחת עד 50 תווים',
  statusInvalid: 'עריכה נשלחת לאישור בלבד (pending_approval)',
  availabilityRequired: 'יש לציין אם הספר זמין (isAvailable)',
  urlInvalid: 'נא להזין כתובת אתר מלאה שמתחילה ב־https:// או http://',
  listInvalid: 'אפשר עד 20 ערכים, כל אחד עד 60 תווים',
  experienceTooLong: 'תיאור הניסיון ארוך מדי (עד 2000 תווים)',
  genderInvalid: 'לשון הפנייה יכולה להיות נקבה, זכר או לא לציין',
  reasonRequired: 'יש לכתוב לסופרים את סיבת הדחייה',
  reasonTooLong: 'הסיבה ארוכה מדי (עד 1000 תווים)',
  seenInvalid: 'גרסת הפריט שנבדק אינה תקינה',
  orderStatusInvalid: 'סטטוס ההזמנה אינו מוכר',
} as const;

/**
 * A list typed as comma-separated text or sent as an array: trimmed, empties dropped (spec §5).
 * Shared by the edit and profile schemas; not exported from the lib.
 */
export const commaList = (maxItems: number, maxLength: number, message: string) =>
  z
    .union([
      z.string({ error: message }),
      z.array(z.string({ error: message }), { error: message }),
    ])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(z.array(z.string().max(maxLength, message)).max(maxItems, message));
