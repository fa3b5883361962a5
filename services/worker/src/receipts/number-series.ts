import type { ReceiptCounterModel } from '@mechabrim/db';
import type { ClientSession, Connection } from 'mongoose';

/** Attempts before a job gives up on getting a number (BullMQ then retries the job). */
const MAX_NUMBER_ATTEMPTS = 20;

function isNumberConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errorLabels, keyPattern } = error as {
    code?: number;
    errorLabels?: string[];
    keyPattern?: Record<string, unknown>;
  };
  if (errorLabels?.includes('TransientTransactionError')) return true;
  return code === 11000 && (keyPattern ? 'number' in keyPattern || '_id' in keyPattern : true);
}

/**
 * Gives a document the next number of its series: the counter increment and the document's
 * `issuing` row (`insert`) commit in one transaction or not at all, so a series runs 1, 2, 3…
 * without gaps or repeats. The transaction holds no slow work, so concurrent jobs rarely collide.
 * When the row's own unique key (an order, a refund) aborts the insert, `winner` reads the row
 * another job committed first and that is the answer.
 */
export async function reserveNumber<T>(options: {
  connection: Connection;
  counters: ReceiptCounterModel;
  series: string;
  insert: (number: number, session: ClientSession) => Promise<T>;
  winner: () => Promise<T | null>;
}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await options.connection.transaction(async (session) => {
        const counter = await options.counters.findOneAndUpdate(
          { _id: options.series },
          { $inc: { seq: 1 } },
          { upsert: true, returnDocument: 'after', session },
        );
        return options.insert(counter.seq, session);
      });
    } catch (error) {
      const winner = await options.winner();
      if (winner) return winner;
      // A concurrent transaction took the same number first (an engine that detects the
      // counter conflict only at commit reports it as the unique `number`): nothing of ours
      // was committed, so the next attempt reads the counter again.
      if (attempt < MAX_NUMBER_ATTEMPTS && isNumberConflict(error)) continue;
      throw error;
    }
  }
}
