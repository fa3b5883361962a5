import { MongoServerError, noSuchTransaction } from '../errors';
import type { Handler } from './context';

export const txnCommands: Record<string, Handler> = {
  commitTransaction: (ctx) => {
    const txn = ctx.session?.txn;
    const txnNumber = Number(ctx.body.txnNumber);
    if (!txn || txn.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber);
    if (txn.state === 'committed') return { ok: 1 };
    if (txn.state === 'aborted') throw noSuchTransaction(txnNumber);
    try {
      ctx.access.ops.push(...txn.commit());
    } catch (e) {
      txn.end('aborted');
      throw e;
    }
    return { ok: 1 };
  },
  abortTransaction: (ctx) => {
    const txn = ctx.session?.txn;
    const txnNumber = Number(ctx.body.txnNumber);
    if (!txn || txn.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber);
    if (txn.state === 'committed') {
      throw new MongoServerError(
        256,
        'TransactionCommitted',
        `Transaction with { txnNumber: ${txnNumber} } has been committed.`,
      );
    }
    if (txn.state === 'aborted') throw noSuchTransaction(txnNumber);
    txn.end('aborted');
    return { ok: 1 };
  },
};
