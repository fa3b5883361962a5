import type { ClientLogModel } from '@mechabrim/db';

/**
 * Removes the oldest client log entries beyond `maxEntries` (oldest by the time the server
 * received them); returns how many it removed. Two processes trimming at once remove the same
 * entries, never more than the excess.
 */
export async function trimClientLogs(model: ClientLogModel, maxEntries: number): Promise<number> {
  const excess = (await model.countDocuments()) - maxEntries;
  if (excess <= 0) return 0;
  // The newest entry that has to go: everything received before it (or at the same instant with
  // a smaller id) goes with it.
  const [cutoff] = await model
    .find()
    .sort({ receivedAt: 1, _id: 1 })
    .skip(excess - 1)
    .limit(1)
    .select({ receivedAt: 1 })
    .lean();
  if (!cutoff) return 0;
  const { deletedCount } = await model.deleteMany({
    $or: [
      { receivedAt: { $lt: cutoff.receivedAt } },
      { receivedAt: cutoff.receivedAt, _id: { $lte: cutoff._id } },
    ],
  });
  return deletedCount;
}

/**
 * Calls {@link trimClientLogs} at most once per `intervalMs` in this process: counting on every
 * job would cost a count per job, and a few minutes' overshoot of the cap does not matter.
 */
export class ClientLogRetention {
  private lastRun = 0;
  private running: Promise<number> | undefined;

  constructor(
    private readonly model: ClientLogModel,
    private readonly maxEntries: number,
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Trims when the interval has passed since the last trim; resolves to the entries removed. */
  async maybeTrim(): Promise<number> {
    if (this.running || this.now() - this.lastRun < this.intervalMs) return 0;
    this.lastRun = this.now();
    this.running = trimClientLogs(this.model, this.maxEntries);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }
}
