import { toAgorot } from './agorot';
import {
  cancellationFeeOf,
  isMonthlyPayoutDue,
  isWithdrawalAllowed,
  WITHDRAWAL_THRESHOLD,
} from './policies';

describe('cancellation fee', () => {
  it.each<[number, number]>([
    [100, 5],
    [1999.99, 100],
    [2000, 100],
    [5000, 100],
    [0, 0],
  ])('on a %d ₪ deal is %d ₪ (5% or 100 ₪, whichever is lower)', (deal, fee) => {
    expect(cancellationFeeOf(toAgorot(deal))).toBe(toAgorot(fee));
  });
});

describe('payouts', () => {
  it('pays monthly from 100 ₪; less rolls over', () => {
    expect(isMonthlyPayoutDue(toAgorot(99.99))).toBe(false);
    expect(isMonthlyPayoutDue(toAgorot(100))).toBe(true);
  });

  const firstSaleAt = new Date('2026-01-31T10:00:00Z');
  const account = (balance: number, now: string, lastWithdrawalAt: string | null = null) => ({
    balance: toAgorot(balance),
    firstSaleAt,
    lastWithdrawalAt: lastWithdrawalAt ? new Date(lastWithdrawalAt) : null,
    now: new Date(now),
  });

  it('lets the author withdraw from 500 ₪ at any time', () => {
    expect(WITHDRAWAL_THRESHOLD).toBe(50_000);
    expect(isWithdrawalAllowed(account(500, '2026-02-01T00:00:00Z'))).toBe(true);
    expect(isWithdrawalAllowed(account(499.99, '2026-02-01T00:00:00Z'))).toBe(false);
  });

  it('or six months after the first sale and every six months after that', () => {
    // 31 January + 6 months is 31 July; + 12 months is 31 January next year.
    expect(isWithdrawalAllowed(account(20, '2026-07-30T23:59:59Z'))).toBe(false);
    expect(isWithdrawalAllowed(account(20, '2026-07-31T10:00:00Z'))).toBe(true);
    expect(isWithdrawalAllowed(account(20, '2026-09-01T00:00:00Z', '2026-08-01T00:00:00Z'))).toBe(
      false,
    );
    expect(isWithdrawalAllowed(account(20, '2027-01-31T10:00:00Z', '2026-08-01T00:00:00Z'))).toBe(
      true,
    );
    expect(isWithdrawalAllowed(account(0, '2027-01-31T10:00:00Z'))).toBe(false);
    expect(isWithdrawalAllowed({ ...account(20, '2027-01-31T10:00:00Z'), firstSaleAt: null })).toBe(
      false,
    );
  });

  it('keeps a six-month mark inside its month (31 August + 6 months is 28 February)', () => {
    const august = {
      ...account(20, '2027-02-28T10:00:00Z'),
      firstSaleAt: new Date('2026-08-31T10:00:00Z'),
    };
    expect(isWithdrawalAllowed(august)).toBe(true);
    expect(isWithdrawalAllowed({ ...august, now: new Date('2027-02-28T09:59:59Z') })).toBe(false);
  });
});
