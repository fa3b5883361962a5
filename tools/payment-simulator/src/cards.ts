import type { PaymentFailureCode } from '@mechabrim/contracts';

/** What the simulated bank answers for a card. */
export type CardDecision =
  | { approved: true; responseCode: '000' }
  | { approved: false; responseCode: string; errorCode: PaymentFailureCode };

/** The test cards (the README, and the table on the simulator's page) and their results. */
export const TEST_CARDS: ReadonlyArray<{
  number: string;
  result: 'approved' | PaymentFailureCode;
}> = [
  { number: '4580458045804580', result: 'approved' },
  { number: '4000000000000002', result: 'DECLINED' },
  { number: '4000000000009995', result: 'INSUFFICIENT_FUNDS' },
  { number: '4000000000000069', result: 'EXPIRED_CARD' },
  { number: '4000000000000119', result: 'BLOCKED_CARD' },
];

/**
 * Tranzila's three-digit `Response` for each failure (000 is approved): 004 refusal, 051
 * insufficient funds, 036 expired card, 033 defective card, 001 blocked card.
 */
export const RESPONSE_CODES: Readonly<Record<PaymentFailureCode, string>> = {
  DECLINED: '004',
  INSUFFICIENT_FUNDS: '051',
  EXPIRED_CARD: '036',
  INVALID_CARD: '033',
  BLOCKED_CARD: '001',
};

/** Digits only: a card number is typed with spaces or dashes between its groups. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn check every card number carries in its last digit (12 to 19 digits). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The Israeli ID number's check digit (up to 9 digits, padded with leading zeros): digits are
 * weighted 1, 2, 1, 2…, a two-digit product counts as the sum of its digits, and the total is a
 * multiple of 10.
 */
export function isValidIsraeliId(input: string): boolean {
  const trimmed = input.trim();
  if (!/^\d{5,9}$/.test(trimmed)) return false;
  const id = trimmed.padStart(9, '0');
  if (id === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(id[i]) * ((i % 2) + 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return sum % 10 === 0;
}

/** An expiry typed as MMYY (Tranzila's `expdate`), or null when it is not one. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(input.trim());
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** true when the card's last valid month is before `now`'s month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) < current;
}

/**
 * The simulated bank's answer for a card number: a number failing Luhn is INVALID_CARD, the test
 * cards answer as their table says, and any other valid number is approved.
 */
export function decideCard(cardNumber: string): CardDecision {
  const digits = cardDigits(cardNumber);
  if (!passesLuhn(digits)) {
    return {
      approved: false,
      responseCode: RESPONSE_CODES.INVALID_CARD,
      errorCode: 'INVALID_CARD',
    };
  }
  const result = TEST_CARDS.find((card) => card.number === digits)?.result ?? 'approved';
  if (result === 'approved') return { approved: true, responseCode: '000' };
  return { approved: false, responseCode: RESPONSE_CODES[result], errorCode: result };
}
