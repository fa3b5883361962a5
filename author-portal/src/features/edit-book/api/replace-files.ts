import { bookFilesAnswerSchema, type BookFilesAnswer } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';
import { sendMultipart } from '../../../shared/send-multipart';

/**
 * Multipart `PUT /api/books/:id/files`: new files for a book waiting for approval or rejected;
 * the preflight runs again and the book waits for approval again.
 */
export function replaceBookFiles(
  bookId: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<BookFilesAnswer> {
  return sendMultipart(
    {
      method: 'PUT',
      path: `/api/books/${encodeURIComponent(bookId)}/files`,
      form,
      answer: bookFilesAnswerSchema,
    },
    { failed: strings.edit.replaceFailed, unreachable: strings.upload.unreachable },
    onProgress,
  );
}
