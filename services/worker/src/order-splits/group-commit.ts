/** One item's result of a group write: its own value, or its own error. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** The most items one write takes (read each time, so it can follow the worker's concurrency). */
  maxBatch: () => number;
  /**
   * How long items wait for more to join their batch, once a write could start: the jobs a
   * finished write released have that long to be replaced.
   */
  windowMs: number;
  /** Writes that may run at once (default 1). */
  parallel?: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted by concurrent callers (the jobs one worker process runs at once)
 * are written together in batches by `write`, and each caller gets its own item's outcome. A batch
 * is written as soon as it is full, or `windowMs` after it could start; while writes run, the next
 * batches gather. `write` answers one `Settled` per item, in order; if it throws, every item of the
 * batch rejects with that error.
 */
export class GroupCommit<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (items: readonly I[]) => Promise<readonly Settled<O>[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Items waiting for a write (not counting those being written). */
  get waiting(): number {
    return this.queue.length;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private batchSize(): number {
    return Math.max(1, Math.floor(this.options.maxBatch()));
  }

  private free(): boolean {
    return this.running < Math.max(1, this.options.parallel ?? 1);
  }

  private schedule(): void {
    if (!this.free() || this.queue.length === 0) return; // a finishing write schedules again
    if (this.queue.length >= this.batchSize()) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.options.windowMs);
  }

  /** Starts as many writes as may run, each with the items it can take. */
  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.free() && this.queue.length > 0) {
      // The next batch: the items that waited longest.
      const batch = this.queue.splice(0, this.batchSize());
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.schedule();
      });
    }
  }

  private async run(batch: Pending<I, O>[]): Promise<void> {
    let results: readonly Settled<O>[];
    try {
      results = await this.write(batch.map((pending) => pending.item));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const result = results[index];
      if (!result) pending.reject(new Error('group commit: the write answered no result'));
      else if (result.ok) pending.resolve(result.value);
      else pending.reject(result.error);
    });
  }
}
