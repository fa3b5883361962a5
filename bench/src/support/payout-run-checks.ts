import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queue } from 'bullmq';
import type { Connection, Types } from 'mongoose';
import { until } from '@mechabrim/testing';

// What the payout run bench waits for and compares (bench/src/payout-run.bench.ts).

/** Resolves when the job `id` of `queue` has completed (throws when it failed for good). */
export async function jobDone(queue: Queue, id: string, timeout: number): Promise<void> {
  await until(
    `job ${id}`,
    async () => {
      const job = await queue.getJob(id);
      if (!job) return undefined;
      const state = await job.getState();
      if (state === 'failed') throw new Error(`job ${id} failed: ${job.failedReason}`);
      return state === 'completed' ? true : undefined;
    },
    timeout,
    250,
  );
}

/** What a payout run moved: compared before and after a second run, which must move nothing. */
export async function moneySnapshot(db: Connection, dataDir: string, runId: Types.ObjectId) {
  const [ledger] = await db
    .collection('ledger')
    .aggregate<{ n: number; sum: number; abs: number }>([
      {
        $group: {
          _id: null,
          n: { $sum: 1 },
          sum: { $sum: '$amountAgorot' },
          abs: { $sum: { $abs: '$amountAgorot' } },
        },
      },
    ])
    .toArray();
  const run = await db.collection('payout_runs').findOne({ _id: runId });
  const batch = run?.batch as { fileKey: string; credits: number; totalAgorot: number } | null;
  const file = batch ? readFileSync(path.join(dataDir, batch.fileKey)) : Buffer.alloc(0);
  return {
    ledgerEntries: ledger?.n ?? 0,
    ledgerSum: ledger?.sum ?? 0,
    ledgerAbs: ledger?.abs ?? 0,
    payouts: await db.collection('payouts').countDocuments({}),
    allocations: await db.collection('community_allocations').countDocuments({}),
    batch: batch && { fileKey: batch.fileKey, credits: batch.credits, total: batch.totalAgorot },
    batchSha: createHash('sha256').update(file).digest('hex'),
    statements: await db.collection('payouts').countDocuments({ statementFileKey: { $ne: null } }),
    mailed: await db.collection('payouts').countDocuments({ statementMailedAt: { $ne: null } }),
  };
}
