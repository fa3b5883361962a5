import type { Types } from 'mongoose';

/** The run as its steps read it. */
export interface RunView {
  _id: Types.ObjectId;
  period: string;
  periodEnd: Date;
  startedAt: Date;
  policy: 'monthly' | 'authors-terms';
  status: 'running' | 'done';
  batch?: { fileKey: string } | null;
}

/** What one author's step did. */
export type AuthorOutcome =
  | { outcome: 'planned' | 'held'; grossAgorot: number }
  | { outcome: 'carried'; balanceAgorot: number }
  | { outcome: 'exists' | 'nothing' };

export interface RunTotals {
  paidCount: number;
  grossAgorot: number;
  withheldAgorot: number;
  netAgorot: number;
  heldCount: number;
  heldAgorot: number;
  carriedCount: number;
  carriedAgorot: number;
}
