import {
  cardDigits,
  decideCard,
  isExpired,
  isValidIsraeliId,
  parseExpiry,
  passesLuhn,
  TEST_CARDS,
} from './cards';

describe('card decisions', () => {
  it('approves the approved test card, typed with or without spaces', () => {
    expect(decideCard('4580458045804580')).toEqual({ approved: true, responseCode: '000' });
    expect(decideCard('4580 4580 4580 4580').approved).toBe(true);
  });

  it('answers each failing test card with its code', () => {
    expect(decideCard('4000000000000002')).toMatchObject({
      approved: false,
      errorCode: 'DECLINED',
    });
    expect(decideCard('4000 0000 0000 9995')).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect(decideCard('4000000000000069')).toMatchObject({ errorCode: 'EXPIRED_CARD' });
    expect(decideCard('4000000000000119')).toMatchObject({ errorCode: 'BLOCKED_CARD' });
  });

  it('every test card passes Luhn, so its result is its own and not INVALID_CARD', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
  });

  it('refuses a number failing the Luhn check as INVALID_CARD', () => {
    expect(decideCard('4580458045804581')).toMatchObject({
      approved: false,
      errorCode: 'INVALID_CARD',
      responseCode: '033',
    });
    expect(decideCard('1234')).toMatchObject({ errorCode: 'INVALID_CARD' });
    expect(decideCard('abcd efgh ijkl mnop')).toMatchObject({ errorCode: 'INVALID_CARD' });
  });

  it('approves another Luhn-valid number, as a real bank would', () => {
    expect(decideCard('5555555555554444').approved).toBe(true);
  });

  it('reads card digits without spaces and dashes', () => {
    expect(cardDigits('4580-4580 4580 4580')).toBe('4580458045804580');
  });
});

describe('Israeli ID check digit', () => {
  it('accepts valid numbers, padded or not', () => {
    expect(isValidIsraeliId('000000018')).toBe(true);
    expect(isValidIsraeliId('18')).toBe(false); // too short to be typed as an ID
    expect(isValidIsraeliId('123456782')).toBe(true);
    expect(isValidIsraeliId('12345678')).toBe(false);
  });

  it('refuses a wrong check digit, letters and all zeros', () => {
    expect(isValidIsraeliId('123456789')).toBe(false);
    expect(isValidIsraeliId('12345678a')).toBe(false);
    expect(isValidIsraeliId('000000000')).toBe(false);
  });
});

describe('expiry MMYY', () => {
  it('parses MMYY and MM/YY and refuses month 13', () => {
    expect(parseExpiry('0830')).toEqual({ month: 8, year: 2030 });
    expect(parseExpiry('08/30')).toEqual({ month: 8, year: 2030 });
    expect(parseExpiry('1330')).toBeNull();
    expect(parseExpiry('830')).toBeNull();
  });

  it('counts a card valid through the end of its month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });
});
