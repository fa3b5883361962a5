import type { BuyerDetailsInput } from '@mechabrim/contracts';

/** The form's fields, all text as typed. */
export type BuyerForm = Required<Omit<BuyerDetailsInput, 'country'>>;

const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'address', 'city', 'zip'] as const;

/**
 * Where the buyer's details are kept for next time: this browser's localStorage, one entry per
 * account (so a shared computer does not offer one reader's address to another). Not the
 * server: the details are the buyer's to keep or clear, and the order keeps its own copy.
 */
export const buyerDetailsKey = (userId: string) => `checkout:buyer:${userId}`;

/** The remembered details of `userId`, field by field; nothing for a missing or corrupt entry. */
export function rememberedDetails(userId: string): Partial<BuyerForm> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(buyerDetailsKey(userId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return {};
    const entries = Object.entries(stored as Record<string, unknown>);
    return Object.fromEntries(
      entries.filter(
        ([field, value]) =>
          (FIELDS as readonly string[]).includes(field) &&
          typeof value === 'string' &&
          value.length <= 200,
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps the details an order was placed with; a full or blocked storage only forgets them. */
export function rememberDetails(userId: string, details: BuyerForm): void {
  try {
    const kept = Object.fromEntries(FIELDS.map((field) => [field, details[field]]));
    localStorage.setItem(buyerDetailsKey(userId), JSON.stringify(kept));
  } catch {
    // Private mode or a full quota: the next checkout asks again.
  }
}

/**
 * The form's starting values: what this buyer used last time, else what the account knows
 * (the name split at its first space, the e-mail).
 */
export function initialDetails(user: { _id: string; name: string; email: string }): BuyerForm {
  const remembered = rememberedDetails(user._id);
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    first_name: remembered.first_name ?? first,
    last_name: remembered.last_name ?? rest.join(' '),
    phone: remembered.phone ?? '',
    email: remembered.email ?? user.email,
    address: remembered.address ?? '',
    city: remembered.city ?? '',
    zip: remembered.zip ?? '',
  };
}
