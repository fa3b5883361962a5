import { GroupCommit, type Settled } from './group-commit';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** A write that records its batches and finishes when the test says so. */
function recordingWrite() {
  const batches: number[][] = [];
  const finish: Array<() => void> = [];
  const write = (items: readonly number[]) => {
    batches.push([...items]);
    return new Promise<Settled<string>[]>((resolve) => {
      finish.push(() =>
        resolve(
          items.map((n) =>
            n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: `done ${n}` },
          ),
        ),
      );
    });
  };
  return { batches, finish, write };
}

describe('group commit', () => {
  it('writes what arrives together as one batch, and answers each caller its own outcome', async () => {
    const { batches, finish, write } = recordingWrite();
    const group = new GroupCommit(write, { maxBatch: () => 10, windowMs: 5 });
    const answers = [1, -2, 3].map((n) => group.submit(n).catch((e: Error) => e.message));
    await tick(20);
    expect(batches).toEqual([[1, -2, 3]]);
    finish[0]?.();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'bad -2', 'done 3']);
  });

  it('writes a full batch at once, and gathers the next one while a write runs', async () => {
    const { batches, finish, write } = recordingWrite();
    const group = new GroupCommit(write, { maxBatch: () => 2, windowMs: 1000 });
    const first = [group.submit(1), group.submit(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]); // full: no wait for the window
    const later = [group.submit(3), group.submit(4), group.submit(5)];
    await tick();
    expect(batches).toHaveLength(1); // one write at a time
    expect(group.waiting).toBe(3);
    finish[0]?.();
    await expect(Promise.all(first)).resolves.toEqual(['done 1', 'done 2']);
    await tick();
    expect(batches[1]).toEqual([3, 4]);
    finish[1]?.();
    await tick(1100); // the last one waits out the window alone
    expect(batches[2]).toEqual([5]);
    finish[2]?.();
    await expect(Promise.all(later)).resolves.toEqual(['done 3', 'done 4', 'done 5']);
  });

  it('fails every item of a batch whose write throws, and goes on with the next', async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return items.map((n) => ({ ok: true, value: n * 10 }));
      },
      { maxBatch: () => 2, windowMs: 1 },
    );
    const failed = [group.submit(1), group.submit(2)].map((p) => p.catch((e: Error) => e.message));
    await expect(Promise.all(failed)).resolves.toEqual(['database down', 'database down']);
    await expect(group.submit(3)).resolves.toBe(30);
  });

  it('never runs more writes at once than allowed', async () => {
    let running = 0;
    let most = 0;
    const group = new GroupCommit<number, number>(
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        await tick(5);
        running -= 1;
        return items.map((n) => ({ ok: true, value: n }));
      },
      { maxBatch: () => 1, windowMs: 1, parallel: 3 },
    );
    const all = Array.from({ length: 12 }, (_, n) => group.submit(n));
    await expect(Promise.all(all)).resolves.toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(most).toBe(3);
  });
});
