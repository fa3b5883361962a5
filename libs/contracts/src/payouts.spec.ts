import { PAYOUT_VALIDATION_HE as M, maskDigits, payoutDetailsRequestSchema } from './payouts';

const valid = {
  accountHolder: 'נועה כהן',
  bankCode: '12',
  branch: '571',
  account: '41116',
  taxId: '123456782',
  taxStatus: 'private',
};

/** The Hebrew message zod gives each field of a body. */
function errorsOf(body: unknown): Record<string, string> {
  const result = payoutDetailsRequestSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('payoutDetailsRequestSchema', () => {
  it('accepts a valid body, pads codes, and drops the spaces and dashes a cheque prints', () => {
    expect(
      payoutDetailsRequestSchema.parse({
        ...valid,
        bankCode: '4',
        branch: '284',
        account: '50-067',
      }),
    ).toEqual({ ...valid, bankCode: '04', branch: '284', account: '50067' });
    expect(
      payoutDetailsRequestSchema.parse({
        ...valid,
        taxId: '0001 8',
        branch: '1',
        bankCode: '11',
        account: '000032018',
      }),
    ).toMatchObject({ taxId: '000000018', branch: '001' });
  });

  it('names each bad field in Hebrew', () => {
    expect(
      errorsOf({
        accountHolder: '',
        bankCode: '',
        branch: '',
        account: '',
        taxId: '',
        taxStatus: '',
      }),
    ).toEqual({
      accountHolder: M.holderRequired,
      bankCode: M.bankRequired,
      branch: M.branchRequired,
      account: M.accountRequired,
      taxId: M.taxIdRequired,
      taxStatus: M.taxStatusRequired,
    });
    expect(errorsOf({ ...valid, accountHolder: 'א', bankCode: '99', branch: '1234' })).toEqual({
      accountHolder: M.holderTooShort,
      bankCode: M.bankUnknown,
      branch: M.branchInvalid,
    });
    expect(errorsOf({ ...valid, accountHolder: '<script>', taxId: '123456789' })).toEqual({
      accountHolder: M.holderInvalid,
      taxId: M.taxIdInvalid,
    });
    expect(errorsOf({ ...valid, taxId: '1234', account: '1234567890' })).toEqual({
      taxId: M.taxIdFormat,
      account: M.accountFormat,
    });
  });

  it('checks the account against its bank and branch', () => {
    expect(errorsOf({ ...valid, account: '41117' })).toEqual({ account: M.accountInvalid });
    expect(errorsOf({ ...valid, branch: '572' })).toEqual({ account: M.accountInvalid });
  });

  it('masks a number to its last digits', () => {
    expect(maskDigits('000041116', 4)).toBe('••••1116');
  });
});
