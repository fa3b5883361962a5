import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { MyPayout } from '@mechabrim/contracts';
import { PAYOUT_MODEL, type PayoutModel } from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { toMyPayout, type StoredPayoutRow } from './payout-views';

const m = messagesHe.payouts;

/**
 * A payout's statement (issue 23): its data for the portal's page and its PDF (written by the
 * worker's run under `DATA_DIR`). An author reads only their own (another's answers 404, as if
 * it did not exist); an admin reads any.
 */
@Injectable()
export class PayoutStatementsService {
  private readonly dataDir: string;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
  ) {
    this.dataDir = path.resolve(config.dataDir);
  }

  /** `authorId` null: an admin's read. */
  async statement(payoutId: string, authorId: string | null): Promise<MyPayout> {
    return toMyPayout(await this.rowOf(payoutId, authorId));
  }

  async pdf(
    payoutId: string,
    authorId: string | null,
  ): Promise<{ content: Buffer; fileName: string }> {
    const row = await this.rowOf(payoutId, authorId);
    if (!row.statementFileKey) throw new DomainError('not_found', m.statementNotReady);
    const file = path.resolve(this.dataDir, row.statementFileKey);
    if (!file.startsWith(this.dataDir + path.sep))
      throw new DomainError('not_found', m.statementNotReady);
    try {
      return { content: await readFile(file), fileName: `statement-${row.period}.pdf` };
    } catch {
      throw new DomainError('not_found', m.statementNotReady);
    }
  }

  private async rowOf(payoutId: string, authorId: string | null): Promise<StoredPayoutRow> {
    const row = await this.payouts
      .findOne({
        _id: new Types.ObjectId(payoutId),
        ...(authorId && { authorId: new Types.ObjectId(authorId) }),
      })
      .lean<StoredPayoutRow>();
    if (!row) throw new DomainError('not_found', m.payoutNotFound);
    return row;
  }
}
