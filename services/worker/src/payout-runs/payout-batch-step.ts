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
  storePayoutBatch,
  type BatchPayout,
} from './payout-batch';
import { payoutDetailsKey } from './payout-details-key';
import type { RunView } from './payout-run.types';

interface StoredBatch {
  fileKey: string;
  credits: number;
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
 * Step 4's bank file: the Masav file of the run's payouts and allocations, once. A payout
 * released from a hold after it was written joins it while it is not sent (the file is written
 * again, the same key); once it was sent, the payouts still planned get a file of their own, the
 * next serial, and the sent one is kept in `previousBatches`.
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
    const authorCredits = await this.authorCredits(run, sent !== null);
    // The community fund's transfers go in the run's first file, after the authors'.
    const credits = sent
      ? authorCredits
      : [...authorCredits, ...(await this.community.batchCredits(run, this.key()))];
    if (!credits.length) return;
    // Written already with these credits (a repeated step): nothing to do.
    if (current?.batch && !sent && current.batch.credits === credits.length) return;
    const serial = sent ? (current?.previousBatches?.length ?? 0) + 2 : 1;
    const fileKey = payoutBatchFileKey(run.period, serial);
    await storePayoutBatch(
      this.config.dataDir,
      fileKey,
      payoutBatchFile(this.config.masav, run, credits, serial),
    );
    const batch = {
      fileKey,
      createdAt: new Date(),
      credits: credits.length,
      totalAgorot: credits.reduce((sum, c) => sum + c.netAgorot, 0),
      sentAt: null,
      sentBy: null,
    };
    if (sent) {
      await this.runs.updateOne(
        { _id: run._id, 'batch.fileKey': sent.fileKey },
        { $set: { batch }, $push: { previousBatches: sent } },
      );
    } else if (current?.batch) {
      await this.runs.updateOne({ _id: run._id, 'batch.sentAt': null }, { $set: { batch } });
    } else {
      await this.runs.updateOne({ _id: run._id, batch: null }, { $set: { batch } });
    }
  }

  /** The authors' transfers, their bank details opened; after a file was sent, only what is still planned (the sent file's payouts are paid). */
  private async authorCredits(run: RunView, afterSent: boolean): Promise<BatchPayout[]> {
    const statuses: readonly PayoutStatus[] = afterSent ? ['planned'] : PAYOUT_MONEY_STATUSES;
    const planned = await this.payouts
      .find({ runId: run._id, status: { $in: statuses } })
      .sort({ authorId: 1 })
      .lean<BatchRow[]>();
    return planned.map((payout) => {
      const secret = JSON.parse(
        unseal(this.key(), payout.bank.sealed, payout._id.toHexString()),
      ) as { account: string; taxId: string };
      return {
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
