import type { Agorot } from '../agorot';

/*
 * The Masav (מס"ב, the Israeli interbank clearing house) bulk credit file: the bank batch of a
 * payout run (ARCHITECTURE.md decision 13). Fixed-width records of 128 characters, each followed by
 * CR LF: one header 'K', one movement '1' per payee, one total '5', and the end record of 128 '9's.
 *
 * Layout source: Masav's "מפרט קובץ זיכויים" (credits file specification),
 * https://www.masav.co.il/media/1987/mifrat_zikuim_msv.pdf, and its Hebrew character table
 * https://www.masav.co.il/media/2001/hebrew.pdf — read here through two independent
 * implementations that cite them (the `masav` PyPI package by omrirz, and the `masav` npm package
 * by ElishaMayer), which agree on every field below. The npm package was not used: it sums
 * amounts in floating point and writes each character's UTF-16 code's low byte, which garbles
 * Hebrew names.
 *
 * Hebrew: Masav's fields are single-byte. Hebrew letters are written in code page 862 (א = 0x80 …
 * ת = 0x9A) in visual order (reversed, as the bank's fixed-width screens show them); `si960`
 * (the 7-bit "old code", א = 0x60) is offered for an institution whose bank asks for it. This
 * choice follows the implementations above and common practice, not a reading of hebrew.pdf
 * itself: confirm it with the bank before the first real file.
 */

/** The paying institution, as Masav registered it. */
export interface MasavInstitution {
  /** The institution's code at Masav (up to 8 digits). */
  institutionCode: string;
  /** The sending institution's code (up to 5 digits; often the same institution's). */
  sendingInstitutionCode: string;
  /** The institution's name (up to 30 characters; Hebrew allowed). */
  name: string;
}

/** One credit: an amount to one payee's account. */
export interface MasavCredit {
  bankCode: string;
  branch: string;
  account: string;
  /** The payee's identity or business number (up to 9 digits). */
  payeeId: string;
  /** The payee's name (cut to 16 characters; Hebrew allowed). */
  payeeName: string;
  amount: Agorot;
  /** The payee's number in the institution (up to 20 digits), e.g. the payout statement's. */
  reference: string;
  /** The period paid for, as months (YYMM is written); absent: zeros. */
  period?: { from: Date; to: Date };
}

export interface MasavCreditBatch {
  institution: MasavInstitution;
  /** The value date of the credits (written YYMMDD, Israel time). */
  paymentDate: Date;
  /** When the file was made (written YYMMDD, Israel time). */
  createdAt: Date;
  /** The file's serial number of the day (1–999). */
  serialNumber: number;
  credits: MasavCredit[];
}

export type MasavHebrewCode = 'cp862' | 'si960';

export const MASAV_RECORD_LENGTH = 128;
/** Each record ends with CR LF. */
export const MASAV_RECORD_END = '\r\n';
/** Movement type of a credit (the '1' record's "סוג תנועה"). */
const CREDIT_MOVEMENT = '006';

/** Thrown for a batch Masav cannot take (a field too long, no credits, a non-positive amount). */
export class MasavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasavFormatError';
  }
}

function numeric(value: string | number, length: number, field: string): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > length)
    throw new MasavFormatError(`${field} must be up to ${length} digits (got "${text}")`);
  return text.padStart(length, '0');
}

const HEBREW_LETTER = /[\u05D0-\u05EA]/;

/**
 * Text in visual order: a line with Hebrew is reversed, and each run of digits or Latin inside it
 * turned back, so numbers and Latin words still read left to right.
 */
function visual(text: string): string {
  if (!HEBREW_LETTER.test(text)) return text;
  return [...text]
    .reverse()
    .join('')
    .replace(/[0-9A-Za-z][0-9A-Za-z.,/-]*[0-9A-Za-z]|[0-9A-Za-z]/g, (run) =>
      [...run].reverse().join(''),
    );
}

/**
 * An alphanumeric field: cut to `length`, Hebrew in visual order, right-aligned (space-padded on
 * the left, as a right-to-left field is read), characters Masav cannot take turned into spaces.
 */
function alphanumeric(value: string, length: number): string {
  const clean = value
    .normalize('NFC')
    .replace(/[\u0591-\u05C7]/g, '') // niqqud and cantillation
    .replace(/[^\u05D0-\u05EA0-9A-Za-z .,'"\-/()&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, length);
  return visual(clean).padStart(length, ' ');
}

/** YYMMDD (or YYMM) of a moment in Israel time. */
function israelDate(date: Date, withDay = true): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${withDay ? part('day') : ''}`;
}

/** The header 'K': the institution, the payment date, the serial number. */
function header(batch: MasavCreditBatch, institution: string, serial: string): string {
  return [
    'K',
    institution,
    '00', // currency: shekels
    israelDate(batch.paymentDate),
    '0',
    serial,
    '0',
    israelDate(batch.createdAt),
    numeric(batch.institution.sendingInstitutionCode, 5, 'sendingInstitutionCode'),
    '000000',
    alphanumeric(batch.institution.name, 30),
    ' '.repeat(56),
    'KOT',
  ].join('');
}

/** A movement '1': one credit to one account. */
function movement(credit: MasavCredit, institution: string): string {
  if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0)
    throw new MasavFormatError(`amount must be a positive whole number of agorot`);
  return [
    '1',
    institution,
    '00', // currency
    '000000',
    numeric(credit.bankCode, 2, 'bankCode'),
    numeric(credit.branch, 3, 'branch'),
    '0000', // account type
    numeric(credit.account, 9, 'account'),
    '0',
    numeric(credit.payeeId, 9, 'payeeId'),
    alphanumeric(credit.payeeName, 16),
    numeric(credit.amount, 13, 'amount'), // 11 digits of shekels and 2 of agorot
    numeric(credit.reference, 20, 'reference'),
    credit.period ? israelDate(credit.period.from, false) : '0000',
    credit.period ? israelDate(credit.period.to, false) : '0000',
    '000',
    CREDIT_MOVEMENT,
    '0'.repeat(18),
    '  ',
  ].join('');
}

/** The total '5': the sum of the movements and their count. */
function total(batch: MasavCreditBatch, institution: string, serial: string): string {
  const sum = batch.credits.reduce((acc, credit) => acc + credit.amount, 0);
  return [
    '5',
    institution,
    '00',
    israelDate(batch.paymentDate),
    '0',
    serial,
    numeric(sum, 15, 'total amount'),
    '0'.repeat(15),
    numeric(batch.credits.length, 7, 'movement count'),
    '0'.repeat(7),
    ' '.repeat(63),
  ].join('');
}

/** The 7-bit "old code" of Hebrew (SI 960): א…ת at 0x60…0x7A. */
const SI960_ALEF = 0x60;
/** Code page 862: א…ת at 0x80…0x9A. */
const CP862_ALEF = 0x80;

/** One record's characters as bytes in Masav's single-byte code. */
function encode(record: string, hebrew: MasavHebrewCode): number[] {
  return [...record].map((char) => {
    const code = char.codePointAt(0) ?? 0x20;
    if (code >= 0x05d0 && code <= 0x05ea)
      return code - 0x05d0 + (hebrew === 'cp862' ? CP862_ALEF : SI960_ALEF);
    // Latin letters would collide with the 7-bit Hebrew letters: upper case only in `si960`.
    if (hebrew === 'si960' && code >= 0x61 && code <= 0x7a) return code - 0x20;
    return code < 0x80 ? code : 0x20;
  });
}

/** The records of a batch as text (Hebrew still Unicode): the file before its encoding. */
export function masavCreditRecords(batch: MasavCreditBatch): string[] {
  if (batch.credits.length === 0) throw new MasavFormatError('a Masav file needs credits');
  const institution = numeric(batch.institution.institutionCode, 8, 'institutionCode');
  if (!Number.isInteger(batch.serialNumber) || batch.serialNumber < 1 || batch.serialNumber > 999)
    throw new MasavFormatError('serialNumber must be 1–999');
  const serial = numeric(batch.serialNumber, 3, 'serialNumber');
  const records = [
    header(batch, institution, serial),
    ...batch.credits.map((credit) => movement(credit, institution)),
    total(batch, institution, serial),
    '9'.repeat(MASAV_RECORD_LENGTH),
  ];
  for (const record of records) {
    // A bug here, never bad input: every field above has its fixed width.
    if ([...record].length !== MASAV_RECORD_LENGTH)
      throw new Error(`Masav record of ${[...record].length} characters: ${record}`);
  }
  return records;
}

/**
 * Writes the Masav bulk credit file of a batch: 128-character records, each ended by CR LF, in
 * Masav's single-byte code (Hebrew in code page 862 by default). Amounts are integer agorot.
 * Throws {@link MasavFormatError} for a batch Masav cannot take.
 */
export function writeMasavCreditFile(
  batch: MasavCreditBatch,
  options: { hebrew?: MasavHebrewCode } = {},
): Uint8Array {
  const hebrew = options.hebrew ?? 'cp862';
  const bytes = masavCreditRecords(batch).flatMap((record) =>
    encode(record + MASAV_RECORD_END, hebrew),
  );
  return Uint8Array.from(bytes);
}
