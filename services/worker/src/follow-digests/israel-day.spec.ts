import { israelDayBounds, israelDayOf, israelYesterday } from './israel-day';

describe('Israeli days', () => {
  it('names the day an instant falls on in Israel, not in UTC', () => {
    expect(israelDayOf(new Date('2026-01-10T21:59:00Z'))).toBe('2026-01-10');
    expect(israelDayOf(new Date('2026-01-10T22:00:00Z'))).toBe('2026-01-11');
    expect(israelDayOf(new Date('2026-07-10T21:00:00Z'))).toBe('2026-07-11');
  });

  it('gives the day before', () => {
    expect(israelYesterday(new Date('2026-03-01T06:00:00Z'))).toBe('2026-02-28');
  });

  it('bounds a winter and a summer day at Israeli midnight', () => {
    expect(israelDayBounds('2026-01-11')).toEqual({
      start: new Date('2026-01-10T22:00:00Z'),
      end: new Date('2026-01-11T22:00:00Z'),
    });
    expect(israelDayBounds('2026-07-11')).toEqual({
      start: new Date('2026-07-10T21:00:00Z'),
      end: new Date('2026-07-11T21:00:00Z'),
    });
  });
});
