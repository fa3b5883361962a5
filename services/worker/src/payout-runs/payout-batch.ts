import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Types } from 'mongoose';
import {
  agorot,
  writeMasavCreditFile,
  type MasavCredit,
  type MasavInstitution,
} from '@mechabrim/money';

/**
 * Where a period's bank file is kept, under `DATA_DIR`: the run's later files numbered on, each
 * under its content's digest (`version`), so a key always names the same bytes.
 */
export function payoutBatchFileKey(period: string, serial: number, version: string): string {
  const name = serial === 1 ? period : `${period}-${serial}`;
  return `payouts/${name}.${version}.msv`;
}

/** The first 16 hex digits of the file's SHA-256: its version in the key. */
export function payoutBatchVersion(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** One payout as the bank file takes it: the opened account and the net amount. */
export interface BatchPayout {
  /** The payout's (or the fund's allocation's) id: not in the file, recorded beside it. */
  id: Types.ObjectId;
  bankCode: string;
  branch: string;
  account: string;
  taxId: string;
  accountHolder: string;
  netAgorot: number;
  /** The instant the paid period ends (its month is written as the credit's period). */
  periodEnd: Date;
}

/**
 * The run's Masav credit file, one movement per payout, in the order given. Its content depends
 * on the run alone (its moment is the file's date and the payment date), so two workers that
 * write it at once write the same bytes. The reference of each credit is the period and the
 * movement's number (`YYYYMM` and five digits).
 */
export function payoutBatchFile(
  institution: MasavInstitution,
  run: { period: string; startedAt: Date },
  payouts: readonly BatchPayout[],
  serialNumber = 1,
): Uint8Array {
  const credits = payouts.map((payout, index): MasavCredit => ({
    bankCode: payout.bankCode,
    branch: payout.branch,
    account: payout.account,
    payeeId: payout.taxId,
    payeeName: payout.accountHolder,
    amount: agorot(payout.netAgorot),
    reference: `${run.period.replace('-', '')}${String(index + 1).padStart(5, '0')}`,
    period: {
      from: new Date(payout.periodEnd.getTime() - 1),
      to: new Date(payout.periodEnd.getTime() - 1),
    },
  }));
  return writeMasavCreditFile({
    institution,
    paymentDate: run.startedAt,
    createdAt: run.startedAt,
    serialNumber,
    credits,
  });
}

/** Writes the file under the data folder, aside and then renamed (a reader never sees half). */
export async function storePayoutBatch(
  dataDir: string,
  key: string,
  content: Uint8Array,
): Promise<void> {
  const target = path.resolve(dataDir, key);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${randomUUID()}.partial`;
  await writeFile(partial, content);
  await rename(partial, target);
}
