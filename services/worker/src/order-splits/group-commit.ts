/** One item's result of a group write: its own value, or its own error. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface GroupCommitOptions<I> {
  /** The most items one write takes (read each time, so it can follow the worker's concurrency). */
  maxBatch: () => number;
  /**
   * How long items wait for more to join their batch, once a write could start: the jobs a
   * finished write released have that long to be replaced.
   */
  windowMs: number;
  /** Writes that may run at once (default 1). */
  parallel?: number;
  /**
   * What an item's write touches (the books an order sold): two writes running at once never
   * share a key, so they cannot conflict with each other. An item whose keys a running write holds
   * waits for it; the items behind it may go first.
   */
  keysOf?: (item: I) => readonly string[];
}

interface Pending<I, O> {
  item: I;
  keys: readonly string[];
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
  /** Keys held by the writes running now, with how many of them hold each. */
  private readonly held = new Map<string, number>();
  private running = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (items: readonly I[]) => Promise<readonly Settled<O>[]>,
    private readonly options: GroupCommitOptions<I>,
  ) {}

  /** Items waiting for a write (not counting those being written). */
  get waiting(): number {
    return this.queue.length;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, keys: this.options.keysOf?.(item) ?? [], resolve, reject });
      this.schedule();
    });
  }

  private batchSize(): number {
    return Math.max(1, Math.floor(this.options.maxBatch()));
  }

  private free(): boolean {
    return this.running < Math.max(1, this.options.parallel ?? 1);
  }

  /** Whether no running write holds any of the item's keys. */
  private ready(pending: Pending<I, O>): boolean {
    return !pending.keys.some((key) => this.held.has(key));
  }

  private schedule(): void {
    if (!this.free()) return;
    // Items waiting on a running write's keys cannot join a batch now; they do not count.
    let ready = 0;
    for (const pending of this.queue) if (this.ready(pending)) ready += 1;
    if (ready === 0) return; // a finishing write schedules again
    if (ready >= this.batchSize()) {
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
      const batch = this.take();
      if (batch.length === 0) return; // everything waiting needs keys a running write holds
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        for (const pending of batch) this.release(pending.keys);
        this.schedule();
      });
    }
  }

  /** The next batch: items in arrival order whose keys no running write holds. */
  private take(): Pending<I, O>[] {
    const size = this.batchSize();
    const batch: Pending<I, O>[] = [];
    for (let index = 0; index < this.queue.length && batch.length < size;) {
      const pending = this.queue[index];
      if (pending && this.ready(pending)) {
        batch.push(pending);
        this.queue.splice(index, 1);
      } else index += 1;
    }
    for (const pending of batch) this.hold(pending.keys);
    return batch;
  }

  private hold(keys: readonly string[]): void {
    for (const key of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
  }

  private release(keys: readonly string[]): void {
    for (const key of keys) {
      const count = (this.held.get(key) ?? 1) - 1;
      if (count > 0) this.held.set(key, count);
      else this.held.delete(key);
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
