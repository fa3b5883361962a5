import { agorot } from '../agorot';
import {
  MasavFormatError,
  writeMasavCreditFile,
  type MasavCredit,
  type MasavCreditBatch,
} from './masav-credit-file';

/*
 * An independent reader of Masav's credit file, written from the published layout (field
 * positions below, 1-based as the specification numbers them), not from the writer's code.
 */
const LAYOUT = {
  K: [
    ['type', 1, 1],
    ['institution', 2, 8],
    ['currency', 10, 2],
    ['paymentDate', 12, 6],
    ['filler1', 18, 1],
    ['serial', 19, 3],
    ['filler2', 22, 1],
    ['createdAt', 23, 6],
    ['sender', 29, 5],
    ['zeros', 34, 6],
    ['name', 40, 30],
    ['blanks', 70, 56],
    ['kot', 126, 3],
  ],
  '1': [
    ['type', 1, 1],
    ['institution', 2, 8],
    ['currency', 10, 2],
    ['zeros', 12, 6],
    ['bank', 18, 2],
    ['branch', 20, 3],
    ['accountType', 23, 4],
    ['account', 27, 9],
    ['filler', 36, 1],
    ['payeeId', 37, 9],
    ['payeeName', 46, 16],
    ['amount', 62, 13],
    ['reference', 75, 20],
    ['periodFrom', 95, 4],
    ['periodTo', 99, 4],
    ['filler2', 103, 3],
    ['movementType', 106, 3],
    ['zeros2', 109, 18],
    ['blanks', 127, 2],
  ],
  '5': [
    ['type', 1, 1],
    ['institution', 2, 8],
    ['currency', 10, 2],
    ['paymentDate', 12, 6],
    ['filler', 18, 1],
    ['serial', 19, 3],
    ['total', 22, 15],
    ['zeros', 37, 15],
    ['count', 52, 7],
    ['zeros2', 59, 7],
    ['blanks', 66, 63],
  ],
} as const;

/** Code page 862 back to text: 0x80–0x9A are א–ת. */
function decodeCp862(bytes: Uint8Array): string {
  return [...bytes]
    .map((byte) => String.fromCharCode(byte >= 0x80 && byte <= 0x9a ? 0x05d0 + byte - 0x80 : byte))
    .join('');
}

function readMasav(file: Uint8Array) {
  const RECORD = 128;
  expect(file.length % (RECORD + 2)).toBe(0);
  const records: Array<Record<string, string>> = [];
  for (let offset = 0; offset < file.length; offset += RECORD + 2) {
    expect([file[offset + RECORD], file[offset + RECORD + 1]]).toEqual([13, 10]);
    const text = decodeCp862(file.subarray(offset, offset + RECORD));
    expect(text).toHaveLength(RECORD);
    const type = text[0] as keyof typeof LAYOUT | '9';
    if (type === '9') {
      expect(text).toBe('9'.repeat(RECORD));
      records.push({ type: '9' });
      continue;
    }
    const layout = LAYOUT[type];
    expect(layout).toBeDefined();
    expect(layout.reduce((sum, [, , length]) => sum + length, 0)).toBe(RECORD);
    records.push(
      Object.fromEntries(
        layout.map(([name, start, length]) => [name, text.slice(start - 1, start - 1 + length)]),
      ),
    );
  }
  return records;
}

const credit = (overrides: Partial<MasavCredit> = {}): MasavCredit => ({
  bankCode: '12',
  branch: '571',
  account: '41116',
  payeeId: '123456782',
  payeeName: 'נועה כהן',
  amount: agorot(123456),
  reference: '2025030001',
  ...overrides,
});

const batch = (credits: MasavCredit[]): MasavCreditBatch => ({
  institution: {
    institutionCode: '12345678',
    sendingInstitutionCode: '54321',
    name: 'מחברים בע"מ',
  },
  // 15 March 2025, 08:00 Israel time; made the day before.
  paymentDate: new Date('2025-03-15T06:00:00Z'),
  createdAt: new Date('2025-03-14T21:30:00Z'),
  serialNumber: 7,
  credits,
});

describe('writeMasavCreditFile', () => {
  it('writes K, one 1 per payee, 5 and 9 records of 128 characters whose totals match', () => {
    const credits = [
      credit(),
      credit({
        bankCode: '4',
        branch: '284',
        account: '50067',
        payeeId: '301234563',
        payeeName: 'Dan Levi',
        amount: agorot(10001),
        reference: '2025030002',
        period: { from: new Date('2025-02-01T00:00:00Z'), to: new Date('2025-02-28T12:00:00Z') },
      }),
      credit({ payeeName: 'שם ארוך מאוד של יוצרת ספרים', amount: agorot(99) }),
    ];
    const records = readMasav(writeMasavCreditFile(batch(credits)));
    expect(records.map((record) => record.type)).toEqual(['K', '1', '1', '1', '5', '9']);

    const [head, first, second, third, totals] = records;
    expect(head).toMatchObject({
      institution: '12345678',
      currency: '00',
      paymentDate: '250315',
      serial: '007',
      createdAt: '250314', // 23:30 in Israel on the 14th
      sender: '54321',
      kot: 'KOT',
    });
    expect(head?.name?.trim()).toBe('מ"עב םירבחמ'); // visual order

    expect(first).toMatchObject({
      bank: '12',
      branch: '571',
      accountType: '0000',
      account: '000041116',
      payeeId: '123456782',
      amount: '0000000123456',
      reference: '00000000002025030001',
      periodFrom: '0000',
      movementType: '006',
      blanks: '  ',
    });
    expect(first?.payeeName).toBe('        ןהכ העונ');
    expect(second).toMatchObject({
      bank: '04',
      payeeName: '        Dan Levi',
      amount: '0000000010001',
      periodFrom: '2502',
      periodTo: '2502',
    });
    expect(third?.payeeName).toHaveLength(16);

    const sum = [first, second, third].reduce((acc, r) => acc + Number(r?.amount), 0);
    expect(sum).toBe(123456 + 10001 + 99);
    expect(totals).toMatchObject({
      institution: '12345678',
      paymentDate: '250315',
      serial: '007',
      total: String(sum).padStart(15, '0'),
      count: '0000003',
    });
  });

  it('writes Hebrew in code page 862 by default, or in the 7-bit old code when asked', () => {
    const cp862 = writeMasavCreditFile(batch([credit({ payeeName: 'א' })]));
    const movementName = cp862.subarray(130 + 45, 130 + 61);
    expect(movementName[15]).toBe(0x80);
    const old = writeMasavCreditFile(batch([credit({ payeeName: 'ת' })]), { hebrew: 'si960' });
    expect(old.subarray(130 + 45, 130 + 61)[15]).toBe(0x7a);
    expect([...old].every((byte) => byte < 0x80)).toBe(true);
  });

  it('refuses what Masav cannot take', () => {
    expect(() => writeMasavCreditFile(batch([]))).toThrow(MasavFormatError);
    expect(() => writeMasavCreditFile(batch([credit({ amount: agorot(0) })]))).toThrow(
      MasavFormatError,
    );
    expect(() => writeMasavCreditFile(batch([credit({ account: '1234567890' })]))).toThrow(
      /account/,
    );
    expect(() => writeMasavCreditFile({ ...batch([credit()]), serialNumber: 1000 })).toThrow(
      /serialNumber/,
    );
    expect(() =>
      writeMasavCreditFile({
        ...batch([credit()]),
        institution: { institutionCode: '123456789', sendingInstitutionCode: '1', name: 'x' },
      }),
    ).toThrow(/institutionCode/);
  });
});
