/**
 * The Tel Aviv branch where self-pickup orders wait (spec §9: "self pickup free, ready within one
 * hour, Tel Aviv branch only"). One place: the print partner ships a pickup order's job here, the
 * ready-for-pickup mail and the payment success page print the same address and hours.
 */
export const PICKUP_BRANCH = {
  /** The addressee of the print job's parcel. */
  name: 'מחברים — סניף תל אביב',
  street: 'רחוב הספרים 1',
  city: 'תל אביב–יפו',
  postcode: '6100001',
  countryCode: 'IL',
  phone: '03-9407010',
  email: 'pickup@mechabrim.co.il',
  /** The address as a person reads it. */
  addressHe: 'רחוב הספרים 1, תל אביב–יפו',
  /** Opening hours (the support hours of spec §9). */
  hoursHe: 'ימים א׳–ה׳, 9:00–18:00',
} as const;
