import { DEFAULT_LOGIN_BACKOFF_FIRST_DELAY_MS } from '../config/api-config';
import { LOGIN_BACKOFF, loginBackoffDelayMs } from './login-backoff';

describe('loginBackoffDelayMs', () => {
  it('allows the first four failures without a lock', () => {
    expect([0, 1, 2, 3, 4].map((failures) => loginBackoffDelayMs(failures, 1_000))).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('locks for 1 s at the fifth failure and doubles with each further one', () => {
    expect(
      [5, 6, 7, 8].map((failures) =>
        loginBackoffDelayMs(failures, DEFAULT_LOGIN_BACKOFF_FIRST_DELAY_MS),
      ),
    ).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('starts from the configured first lock (LOGIN_BACKOFF_FIRST_DELAY_MS) and keeps the cap', () => {
    expect([4, 5, 6].map((failures) => loginBackoffDelayMs(failures, 5_000))).toEqual([
      0, 5_000, 10_000,
    ]);
    expect(loginBackoffDelayMs(12, 5_000)).toBe(640_000);
    expect(loginBackoffDelayMs(13, 5_000)).toBe(LOGIN_BACKOFF.maxDelayMs);
  });

  it('never locks for longer than 15 minutes, however many failures', () => {
    expect(loginBackoffDelayMs(15, 1_000)).toBe(LOGIN_BACKOFF.maxDelayMs);
    expect(loginBackoffDelayMs(10_000, 1_000)).toBe(15 * 60_000);
  });

  it('forgets failures only after the longest lock has run out', () => {
    expect(LOGIN_BACKOFF.forgetAfterMs).toBeGreaterThan(LOGIN_BACKOFF.maxDelayMs);
  });
});
