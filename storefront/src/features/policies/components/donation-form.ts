import { communityDonationRequestSchema, type CommunityDonationInput } from '@mechabrim/contracts';

/** The radio value of the free sum; every other value is a preset sum in shekels. */
export const OTHER_AMOUNT = 'other';

/**
 * The sum the form asks for, shekels: the chosen preset, or the free sum as typed (`1,000`,
 * `250.5`, `₪ 100`: grouping, spaces and the shekel sign are dropped). Undefined when nothing
 * was typed; a text that is no number stays NaN, which the contract refuses in Hebrew.
 */
export function chosenAmount(choice: string, other: string): number | undefined {
  const text = choice === OTHER_AMOUNT ? other.replace(/[\s,₪]/g, '') : choice;
  if (text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export type DonationField = 'amount' | 'email' | 'name';

/** The body the form sends, or the first Hebrew error of each field that is wrong. */
export function checkDonation(
  input: Omit<CommunityDonationInput, 'amount'> & { amount: number | undefined },
):
  | { ok: true; body: CommunityDonationInput }
  | { ok: false; errors: Partial<Record<DonationField, string>> } {
  const parsed = communityDonationRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true, body: { ...input, amount: parsed.data.amount } };
  const errors: Partial<Record<DonationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'amount' || field === 'email' || field === 'name') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}

/** One key per press of 'donate now' (the API's idempotency key: 8-100 of A-Z a-z 0-9 _ -). */
export function newDonationKey(): string {
  return `donation-${crypto.randomUUID()}`;
}

/**
 * Opens the provider's hosted payment page: a top-level POST of its fields to its address, as
 * the provider takes them (the browser leaves the shop and comes back to the result).
 */
export function goToHostedPage(url: string, fields: Record<string, string>, doc = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
