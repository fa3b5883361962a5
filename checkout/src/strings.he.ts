/** Hebrew copy of the checkout. */
export const strings = {
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
  screens: {
    cart: 'סל הקניות',
    checkout: 'תשלום',
    paymentSuccess: 'התשלום בוצע בהצלחה',
    paymentFailed: 'התשלום נכשל',
    orders: 'ההזמנות שלי',
  },
} as const;
