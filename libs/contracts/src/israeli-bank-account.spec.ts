import {
  ISRAELI_BANKS,
  israeliBank,
  isValidIsraeliBankAccount,
  isValidIsraeliId,
} from './israeli-bank-account';

// Worked examples of Masav's "בדיקת חוקיות חשבון" (as the il-bank-validator tests repeat them),
// and each with one digit changed.
const VALID: Array<[bank: string, branch: string, account: string, what: string]> = [
  ['10', '936', '07869660', 'Leumi'],
  ['34', '936', '07869660', 'Arab Israel Bank (Leumi rule)'],
  ['12', '571', '41116', 'Hapoalim'],
  ['04', '284', '50067', 'Yahav'],
  ['11', '1', '000032018', 'Discount'],
  ['17', '001', '32018', 'Mercantile (Discount rule)'],
  ['20', '406', '160778', 'Mizrahi-Tefahot, a Tefahot branch number (401–799)'],
  ['20', '6', '160778', 'Mizrahi-Tefahot'],
  ['31', '1', '32018', 'Beinleumi'],
  ['52', '1', '32018', 'Poalei Agudat Israel (Beinleumi rule)'],
  ['09', '1', '059121900', 'Postal bank'],
  ['22', '1', '700241017', 'Citibank'],
  ['18', '1', '123456771', 'One Zero (MOD 97-10)'],
  ['14', '1', '32018', 'Otsar HaHayal'],
  ['46', '1', '32018', 'Massad'],
  ['54', '123', '123456', 'Jerusalem (no published check)'],
];

const INVALID: Array<[bank: string, branch: string, account: string, what: string]> = [
  ['10', '936', '07869661', 'Leumi, last digit changed'],
  ['10', '937', '07869660', 'Leumi, another branch'],
  ['12', '571', '41117', 'Hapoalim, last digit changed'],
  ['12', '571', '99041116', 'Hapoalim, more than six digits'],
  ['04', '284', '50068', 'Yahav, last digit changed'],
  ['11', '1', '000032019', 'Discount, last digit changed'],
  ['17', '1', '32019', 'Mercantile, last digit changed'],
  ['20', '6', '160779', 'Mizrahi-Tefahot, last digit changed'],
  ['31', '1', '32016', 'Beinleumi, last digit changed'],
  ['09', '1', '059121901', 'Postal bank, last digit changed'],
  ['22', '1', '700241018', 'Citibank, last digit changed'],
  ['18', '1', '123456772', 'One Zero, last digit changed'],
  ['18', '2', '123456771', 'One Zero, another branch'],
];

describe('isValidIsraeliBankAccount', () => {
  it.each(VALID)('accepts bank %s branch %s account %s (%s)', (bank, branch, account) => {
    expect(isValidIsraeliBankAccount(bank, branch, account)).toBe(true);
  });

  it.each(INVALID)('refuses bank %s branch %s account %s (%s)', (bank, branch, account) => {
    expect(isValidIsraeliBankAccount(bank, branch, account)).toBe(false);
  });

  it('refuses unknown banks, malformed numbers and an all-zero account', () => {
    expect(isValidIsraeliBankAccount('99', '1', '32018')).toBe(false);
    expect(isValidIsraeliBankAccount('1x', '1', '32018')).toBe(false);
    expect(isValidIsraeliBankAccount('11', '1000', '32018')).toBe(false);
    expect(isValidIsraeliBankAccount('11', '1', '1234567890')).toBe(false);
    expect(isValidIsraeliBankAccount('11', '1', '12-34')).toBe(false);
    expect(isValidIsraeliBankAccount('54', '1', '000000')).toBe(false);
  });

  it('reads bank 4 and 04 as the same bank, and names every bank in Hebrew or by its brand', () => {
    expect(israeliBank('4')).toEqual(israeliBank('04'));
    expect(israeliBank('4')?.name).toBe('בנק יהב');
    expect(new Set(ISRAELI_BANKS.map((bank) => bank.code)).size).toBe(ISRAELI_BANKS.length);
  });
});

describe('isValidIsraeliId', () => {
  it.each([
    ['123456782', 'an identity number'],
    ['301234563', 'an identity number'],
    ['516000007', 'a company number (ח"פ)'],
    ['000000018', 'zeros in front'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidIsraeliId(id)).toBe(true);
  });

  it.each(['123456789', '301234564', '516000008', '1234', '1234567890', '12345678a', '000000000'])(
    'refuses %s',
    (id) => {
      expect(isValidIsraeliId(id)).toBe(false);
    },
  );

  it('pads a number of 5–8 digits with zeros in front', () => {
    expect(isValidIsraeliId('00018')).toBe(true);
    expect(isValidIsraeliId('18')).toBe(false);
  });
});
