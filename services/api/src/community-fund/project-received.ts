import type { Types } from 'mongoose';
import type { LedgerEntryModel } from '@mechabrim/db';

/**
 * What each project has received from the fund, agorot, by project id: its allocation entries
 * (negative in the fund's ledger, money leaving it; a returned transfer books it back), negated.
 */
export async function receivedByProject(
  ledger: LedgerEntryModel,
  projectIds?: readonly Types.ObjectId[],
): Promise<Map<string, number>> {
  const rows = await ledger.aggregate<{ _id: Types.ObjectId; total: number }>([
    {
      $match: {
        kind: 'allocation',
        ...(projectIds ? { projectId: { $in: projectIds } } : { projectId: { $ne: null } }),
      },
    },
    { $group: { _id: '$projectId', total: { $sum: '$amountAgorot' } } },
  ]);
  return new Map(rows.map((row) => [row._id.toHexString(), 0 - row.total]));
}
