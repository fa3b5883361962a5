import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import {
  PAYOUT_MODEL,
  PAYOUT_MONEY_STATUSES,
  PAYOUT_RUN_MODEL,
  type PayoutModel,
  type PayoutRunModel,
  type PayoutStatus,
} from '@mechabrim/db';
import { unseal, type SealedValue } from '@mechabrim/server-kit';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { CommunityAllocationStep } from './community-allocation';
import {
  payoutBatchFile,
  payoutBatchFileKey,
  payoutBatchVersion,
  storePayoutBatch,
  type BatchPayout,
} from './payout-batch';
import { payoutDetailsKey } from './payout-details-key';
import type { RunView } from './payout-run.types';

interface StoredBatch {
  fileKey: string;
  credits: number;
  payoutIds?: Types.ObjectId[] | null;
  allocationIds?: Types.ObjectId[] | null;
  downloadedAt?: Date | null;
  sentAt?: Date | null;
}

/** A payout as the bank file reads it. */
interface BatchRow {
  _id: Types.ObjectId;
  netAgorot: number;
  periodEnd: Date;
  bank: {
    accountHolder: string;
    bankCode: string;
    branch: string;
    sealed: SealedValue;
  };
}

/**
 * Step 4's bank file: the Masav file of the run's payouts and allocations, once, with the ids of
 * what it transfers. A payout released from a hold after it was written joins it while no admin
 * has downloaded it (the file is written again, under a new key); once downloaded, the file may
 * be the one the bank gets, so it is left as it is, and the payout waits, planned, for the run's
 * next file. Once a file was sent, the payouts still planned get a file of their own, the next
 * serial (written here when a hold is released, or when the admin marks the file sent and some are
 * left: the `batch` job), and the sent one is kept in `previousBatches`.
 */
@Injectable()
export class PayoutBatchStep {
  constructor(
    @InjectModel(PAYOUT_RUN_MODEL) private readonly runs: PayoutRunModel,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly community: CommunityAllocationStep,
  ) {}

  async write(run: RunView): Promise<void> {
    const current = await this.runs
      .findById(run._id)
      .select({ batch: 1, previousBatches: 1 })
      .lean<{ batch?: StoredBatch | null; previousBatches?: StoredBatch[] }>();
    const sent = current?.batch?.sentAt ? current.batch : null;
    const unsent = current?.batch && !sent ? current.batch : null;
    const earlierFiles = current?.previousBatches?.length ?? 0;
    // An admin has it: it may be what the bank gets. What it lacks waits for the next file.
    if (unsent?.downloadedAt) return;
    // After the run's first file was sent, a file holds only what is still planned.
    const afterFirst = sent !== null || earlierFiles > 0;
    const authorCredits = await this.authorCredits(run, afterFirst);
    // The community fund's transfers go in the run's first file, after the authors'.
    const allocationCredits = afterFirst ? [] : await this.community.batchCredits(run, this.key());
    const credits = [...authorCredits, ...allocationCredits];
    if (!credits.length) return;
    const payoutIds = authorCredits.map((c) => c.id);
    const allocationIds = allocationCredits.map((c) => c.id);
    // Written already with these transfers (a repeated step): nothing to do.
    if (
      unsent &&
      sameIds(unsent.payoutIds, payoutIds) &&
      sameIds(unsent.allocationIds, allocationIds)
    )
      return;
    const serial = earlierFiles + (sent ? 2 : 1);
    const content = payoutBatchFile(this.config.masav, run, credits, serial);
    // Keyed by its content's digest too: a key always names the same bytes, even when two
    // workers write the run's file at once with different transfers.
    const fileKey = payoutBatchFileKey(run.period, serial, payoutBatchVersion(content));
    await storePayoutBatch(this.config.dataDir, fileKey, content);
    const batch = {
      fileKey,
      createdAt: new Date(),
      credits: credits.length,
      totalAgorot: credits.reduce((sum, c) => sum + c.netAgorot, 0),
      payoutIds,
      allocationIds,
      downloadedAt: null,
      sentAt: null,
      sentBy: null,
    };
    if (sent) {
      await this.runs.updateOne(
        { _id: run._id, 'batch.fileKey': sent.fileKey },
        { $set: { batch }, $push: { previousBatches: sent } },
      );
    } else if (unsent) {
      // Not if an admin downloaded the file meanwhile: theirs stays the run's file.
      await this.runs.updateOne(
        {
          _id: run._id,
          'batch.fileKey': unsent.fileKey,
          'batch.sentAt': null,
          'batch.downloadedAt': null,
        },
        { $set: { batch } },
      );
    } else {
      await this.runs.updateOne({ _id: run._id, batch: null }, { $set: { batch } });
    }
  }

  /** The authors' transfers, their bank details opened; after the first file was sent, only what is still planned (a sent file's payouts are paid). */
  private async authorCredits(run: RunView, afterFirst: boolean): Promise<BatchPayout[]> {
    const statuses: readonly PayoutStatus[] = afterFirst ? ['planned'] : PAYOUT_MONEY_STATUSES;
    const planned = await this.payouts
      .find({ runId: run._id, status: { $in: statuses } })
      .sort({ authorId: 1 })
      .lean<BatchRow[]>();
    return planned.map((payout) => {
      const secret = JSON.parse(
        unseal(this.key(), payout.bank.sealed, payout._id.toHexString()),
      ) as { account: string; taxId: string };
      return {
        id: payout._id,
        bankCode: payout.bank.bankCode,
        branch: payout.bank.branch,
        account: secret.account,
        taxId: secret.taxId,
        accountHolder: payout.bank.accountHolder,
        netAgorot: payout.netAgorot,
        periodEnd: payout.periodEnd,
      };
    });
  }

  private key(): Buffer {
    return payoutDetailsKey(this.config);
  }
}

/** Whether a stored file's ids are these (a file written before ids were kept never is). */
function sameIds(
  stored: readonly Types.ObjectId[] | null | undefined,
  ids: readonly Types.ObjectId[],
) {
  if (!stored || stored.length !== ids.length) return false;
  const have = new Set(stored.map(String));
  return ids.every((id) => have.has(String(id)));
}
