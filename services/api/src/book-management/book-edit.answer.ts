import type { BookEdit, BookEditFields } from '@mechabrim/contracts';
import type { BookEditStatus } from '@mechabrim/db';
import type { Types } from 'mongoose';

/** A stored edit as a lean query reads it. */
export interface StoredBookEdit {
  _id: Types.ObjectId;
  book: Types.ObjectId;
  author: Types.ObjectId;
  status: BookEditStatus;
  changes: BookEditFields;
  previous: BookEditFields;
  submittedAt: Date;
  decidedAt?: Date | null;
  reason?: string | null;
}

const fields = (f: BookEditFields): BookEditFields => ({
  title: f.title,
  price: f.price,
  summary: f.summary ?? '',
  tags: [...(f.tags ?? [])],
});

/** An edit as the author and the admins see it. */
export function toBookEdit(edit: StoredBookEdit): BookEdit {
  return {
    _id: edit._id.toHexString(),
    bookId: edit.book.toHexString(),
    authorId: edit.author.toHexString(),
    status: edit.status,
    changes: fields(edit.changes),
    previous: fields(edit.previous),
    submittedAt: edit.submittedAt.toISOString(),
    decidedAt: edit.decidedAt ? edit.decidedAt.toISOString() : null,
    reason: edit.reason ?? '',
  };
}
