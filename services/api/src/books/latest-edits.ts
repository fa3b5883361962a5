import { Types } from 'mongoose';
import type { Book, BookEditFields } from '@mechabrim/contracts';
import type { BookEditModel, BookEditStatus } from '@mechabrim/db';

type LatestEdit = NonNullable<Book['latestEdit']>;

const FIELDS = ['title', 'price', 'summary', 'tags'] as const;

/** The fields an edit changes, compared with the book as it was when the edit was sent. */
export function changedFields(changes: BookEditFields, previous: BookEditFields) {
  return FIELDS.filter((field) =>
    field === 'tags'
      ? (changes.tags ?? []).join('\u0000') !== (previous.tags ?? []).join('\u0000')
      : changes[field] !== previous[field],
  );
}

/**
 * Each book's newest edit of an author, when it waits for approval or was rejected (an approved
 * edit is the book itself now; a superseded one was replaced by a newer edit): the books list
 * shows it on the book's card.
 */
export async function latestEdits(
  edits: BookEditModel,
  authorId: string,
): Promise<Map<string, LatestEdit>> {
  const rows = await edits
    .find({ author: new Types.ObjectId(authorId), status: { $ne: 'superseded' } })
    .sort({ submittedAt: -1 })
    .limit(2000)
    .select({ book: 1, status: 1, changes: 1, previous: 1, submittedAt: 1, reason: 1 })
    .lean<
      Array<{
        book: Types.ObjectId;
        status: BookEditStatus;
        changes: BookEditFields;
        previous: BookEditFields;
        submittedAt: Date;
        reason?: string | null;
      }>
    >();
  const latest = new Map<string, LatestEdit>();
  const seen = new Set<string>();
  for (const row of rows) {
    const bookId = row.book.toHexString();
    if (seen.has(bookId)) continue;
    seen.add(bookId);
    if (row.status !== 'pending_approval' && row.status !== 'rejected') continue;
    latest.set(bookId, {
      status: row.status,
      submittedAt: row.submittedAt.toISOString(),
      changed: changedFields(row.changes, row.previous),
      reason: row.reason ?? '',
    });
  }
  return latest;
}
