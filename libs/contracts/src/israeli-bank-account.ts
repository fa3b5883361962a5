/*
 * Israeli bank accounts and identity numbers: the check digits that catch a mistyped number
 * before a payout goes to the wrong account (they say nothing about whether an account is open).
 *
 * Source of the account rules: Masav's "בדיקת חוקיות חשבון" (account validity check),
 * https://www.masav.co.il/media/2565/bdikat_hukiot_heshbon.pdf (Dec 2024 / May 2025 edition;
 * the 2022 edition is https://www.masav.co.il/media/2473/bdikat_hukiot_heshbon.pdf). The PDF itself
 * was not at hand when this was written: the rules below are taken from two independent
 * restatements of it — the il-bank-account-validator package (soryy708, after the 2022 edition)
 * and the il-bank-validator package (EliShteinman, after the 2024/2025 edition, with the
 * document's own worked examples as its tests, which `israeli-bank-account.spec.ts` repeats).
 * Where the two restatements differ, an account passes when either reading accepts it: the check is
 * a guard against typing mistakes, and refusing a real account would leave an author unpaid.
 * No npm package was used: the two on npm (il-bank-account-validator 2.0.0 of 2022, and
 * israeli-bank-validation 1.0.5) predate One Zero and the 2024 rules, and the second compares
 * `indexOf(…) !== 1`, which accepts special-branch remainders at any branch.
 */

/** A bank whose accounts this module checks: its Masav code and its name in Hebrew. */
export interface IsraeliBank {
  /** Masav's two-digit bank code (e.g. '12'). */
  code: string;
  name: string;
}

/** The banks an author may be paid to, by Masav code (spec §9 payouts; issue 23). */
export const ISRAELI_BANKS = [
  { code: '04', name: 'בנק יהב' },
  { code: '09', name: 'בנק הדואר' },
  { code: '10', name: 'בנק לאומי' },
  { code: '11', name: 'בנק דיסקונט' },
  { code: '12', name: 'בנק הפועלים' },
  { code: '13', name: 'בנק אגוד' },
  { code: '14', name: 'בנק אוצר החייל' },
  { code: '17', name: 'בנק מרכנתיל דיסקונט' },
  { code: '18', name: 'One Zero הבנק הדיגיטלי' },
  { code: '20', name: 'בנק מזרחי טפחות' },
  { code: '22', name: 'Citibank' },
  { code: '31', name: 'הבנק הבינלאומי' },
  { code: '34', name: 'בנק ערבי ישראלי' },
  { code: '46', name: 'בנק מסד' },
  { code: '52', name: 'בנק פועלי אגודת ישראל' },
  { code: '54', name: 'בנק ירושלים' },
] as const satisfies readonly IsraeliBank[];

export type IsraeliBankCode = (typeof ISRAELI_BANKS)[number]['code'];
export const ISRAELI_BANK_CODES = ISRAELI_BANKS.map((bank) => bank.code) as [
  IsraeliBankCode,
  ...IsraeliBankCode[],
];

/** The bank of a code ('4' and '04' are the same bank), or undefined when it is not one we pay to. */
export function israeliBank(code: string): IsraeliBank | undefined {
  if (!/^\d{1,2}$/.test(code)) return undefined;
  const padded = code.padStart(2, '0');
  return ISRAELI_BANKS.find((bank) => bank.code === padded);
}

/** Digits of a number string, left-padded with zeros to `length` (longer strings are refused). */
function digitsOf(value: string, length: number): number[] | null {
  if (!/^\d+$/.test(value) || value.length > length) return null;
  return [...value.padStart(length, '0')].map(Number);
}

/** Σ digit × weight, the weights read left to right beside the digits. */
function weighted(digits: number[], weights: number[]): number {
  return digits.reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0);
}

const W9 = [9, 8, 7, 6, 5, 4, 3, 2, 1];
const W6 = [6, 5, 4, 3, 2, 1];

/** Branch (3) + the account's last 6 digits, weights 9…1, mod 11 (Hapoalim, Yahav, Mizrahi…). */
function branchAndSix(branch: number[], account: number[]): number {
  return weighted([...branch, ...account.slice(-6)], W9) % 11;
}

/** The account's 9 digits alone, weights 9…1, mod 11 (Discount, Mercantile, Beinleumi…). */
const nine = (account: number[]) => weighted(account, W9) % 11;
/** The account's last 6 digits alone, weights 6…1, mod 11. */
const six = (account: number[]) => weighted(account.slice(-6), W6) % 11;

/**
 * Leumi (and Arab Israel Bank, now Leumi's): branch × (10, 9, 8), the account's first six of eight
 * digits × (7…2), plus its last two digits as a number; valid when the sum mod 100 is 20, 60, 70,
 * 72 or 90 (the 2024 edition writes the same as constants 180, 340, 330, 128 and 110, the last
 * not for account types 00, 20, 23 — accepted by the older reading, so accepted here).
 */
function leumi(branch: number[], account: number[]): boolean {
  const eight = account.slice(-8);
  if (account.slice(0, 1).some((digit) => digit !== 0)) return false;
  const sum =
    weighted(branch, [10, 9, 8]) +
    weighted(eight.slice(0, 6), [7, 6, 5, 4, 3, 2]) +
    (eight[6] ?? 0) * 10 +
    (eight[7] ?? 0);
  return [20, 60, 70, 72, 90].includes(sum % 100);
}

/** Beinleumi's group (Beinleumi, Poalei Agudat Israel): remainders 0 or 6. */
function beinleumi(branch: number[], account: number[]): boolean {
  return (
    [0, 6].includes(nine(account)) ||
    [0, 6].includes(six(account)) ||
    // The 2024 edition's reading: branch and six digits first.
    [0, 6].includes(branchAndSix(branch, account))
  );
}

const OTSAR_REMAINDER_2 = new Set([347, 361, 362, 363, 365, 384, 385]);
const OTSAR_REMAINDER_4 = new Set([361, 362, 363]);
const MASSAD_REMAINDER_2 = new Set([
  154, 166, 178, 181, 183, 191, 192, 503, 505, 507, 515, 516, 527, 539,
]);

/** Otsar HaHayal and Massad (now in Beinleumi's group): branch-and-six first, then the account. */
function otsarOrMassad(bank: '14' | '46', branch: number[], account: number[]): boolean {
  const branchNumber = Number(branch.join(''));
  const first = branchAndSix(branch, account);
  if (first === 0) return true;
  if (bank === '14' && first === 2 && OTSAR_REMAINDER_2.has(branchNumber)) return true;
  if (bank === '14' && first === 4 && OTSAR_REMAINDER_4.has(branchNumber)) return true;
  if (bank === '46' && first === 2 && MASSAD_REMAINDER_2.has(branchNumber)) return true;
  return nine(account) === 0 || six(account) === 0 || beinleumi(branch, account);
}

/**
 * One Zero: ISO 7064 MOD 97-10 over the branch and the account without its last two digits; the
 * last two digits are the check (98 − n mod 97).
 */
function oneZero(branch: number[], account: number[]): boolean {
  const body = [...branch, ...account.slice(0, -2)].join('');
  let remainder = 0;
  for (const digit of body) remainder = (remainder * 10 + Number(digit)) % 97;
  const check = 98 - remainder;
  return check === Number(account.slice(-2).join(''));
}

/** Citibank: the first eight digits × (3, 2, 7, 6, 5, 4, 3, 2); the ninth is 11 − sum mod 11. */
function citibank(account: number[]): boolean {
  const sum = weighted(account.slice(0, 8), [3, 2, 7, 6, 5, 4, 3, 2]);
  return (11 - (sum % 11)) % 11 === account[8];
}

/**
 * Whether an account number is valid for its bank and branch under Masav's published check-digit
 * rules. Bank, branch and account are digit strings (leading zeros allowed): bank 1–2 digits, branch
 * 1–3, account 1–9. Banks outside {@link ISRAELI_BANKS} are refused.
 *
 * Banks with no published check (Jerusalem 54; Union 13, merged into Mizrahi-Tefahot, whose 2024
 * rule is none) are checked for their form only.
 */
export function isValidIsraeliBankAccount(
  bankCode: string,
  branch: string,
  account: string,
): boolean {
  const bank = israeliBank(bankCode);
  if (!bank) return false;
  let branchNumber = /^\d{1,3}$/.test(branch) ? Number(branch) : NaN;
  if (!Number.isInteger(branchNumber) || !/^\d{1,9}$/.test(account)) return false;
  if (Number(account) === 0) return false;
  // Mizrahi-Tefahot: branches 401–799 are Tefahot's numbers of branches 1–399.
  if (bank.code === '20' && branchNumber >= 401 && branchNumber <= 799) branchNumber -= 400;
  const b = digitsOf(String(branchNumber), 3);
  const a = digitsOf(account, 9);
  if (!b || !a) return false;
  switch (bank.code) {
    case '10':
    case '34':
      return leumi(b, a);
    case '12':
      return account.replace(/^0+/, '').length <= 6 && [0, 2, 4, 6].includes(branchAndSix(b, a));
    case '04':
      return account.replace(/^0+/, '').length <= 6 && [0, 2].includes(branchAndSix(b, a));
    case '20':
      return account.replace(/^0+/, '').length <= 6 && [0, 2, 4].includes(branchAndSix(b, a));
    case '11':
    case '17':
      return [0, 2, 4].includes(nine(a));
    case '31':
    case '52':
      return beinleumi(b, a);
    case '14':
    case '46':
      return otsarOrMassad(bank.code, b, a);
    case '09':
      return weighted(a, W9) % 10 === 0;
    case '18':
      return oneZero(b, a);
    case '22':
      return citibank(a);
    case '13':
    case '54':
      return true;
    default:
      return false;
  }
}

/**
 * Whether a number is a valid Israeli identity number (teudat zehut) or a business number
 * (ח"פ / עוסק): 5–9 digits, left-padded to 9; digits × 1, 2, 1, 2…, each product's digits
 * summed; valid when the total is a multiple of 10 (the Population Authority's check digit).
 */
export function isValidIsraeliId(value: string): boolean {
  if (!/^\d{5,9}$/.test(value)) return false;
  const digits = [...value.padStart(9, '0')].map(Number);
  if (digits.every((digit) => digit === 0)) return false;
  const sum = digits.reduce((total, digit, index) => {
    const product = digit * ((index % 2) + 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return sum % 10 === 0;
}
