import { WORKER_LOCK_SETTINGS } from './queue-settings';

describe('WORKER_LOCK_SETTINGS', () => {
  it('puts a crashed worker’s job back within 15 s (lock expiry plus one stalled-job check)', () => {
    expect(WORKER_LOCK_SETTINGS.lockDuration + WORKER_LOCK_SETTINGS.stalledInterval).toBeLessThan(
      15000,
    );
  });

  it('renews locks often enough that a busy but healthy worker keeps its job', () => {
    // BullMQ renews every lockDuration / 2: leave several seconds of event-loop slack.
    expect(WORKER_LOCK_SETTINGS.lockDuration / 2).toBeGreaterThanOrEqual(3000);
    expect(WORKER_LOCK_SETTINGS.maxStalledCount).toBeGreaterThanOrEqual(1);
  });
});
