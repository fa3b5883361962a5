import { CLIENT_LOG_BULK_MAX } from '@mechabrim/contracts';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** Issue 4: each client log entry is at most 16 KB (its JSON, in UTF-8 bytes). */
export const CLIENT_LOG_ENTRY_MAX_BYTES = 16 * 1024;

/**
 * The body limit of `POST /api/logs/client-bulk`: a full bulk (50 entries of 16 KB, 800 KB) plus
 * room for the envelope and JSON punctuation, or the global limit (`API_BODY_LIMIT_BYTES`, 1 MB
 * by default) when that is larger.
 */
export const CLIENT_LOG_BULK_BODY_LIMIT_BYTES =
  CLIENT_LOG_BULK_MAX * CLIENT_LOG_ENTRY_MAX_BYTES + 64 * 1024;

/**
 * Throws a 413 naming the first entry whose JSON is larger than {@link CLIENT_LOG_ENTRY_MAX_BYTES};
 * returns the entries' total size in bytes (what the sender's budget is charged).
 */
export function assertEntrySizes(entries: readonly unknown[]): number {
  let total = 0;
  entries.forEach((entry, index) => {
    const bytes = Buffer.byteLength(JSON.stringify(entry), 'utf8');
    if (bytes > CLIENT_LOG_ENTRY_MAX_BYTES) {
      const message = messagesHe.clientLogs.entryTooLarge(index, CLIENT_LOG_ENTRY_MAX_BYTES / 1024);
      throw new DomainError('payload_too_large', message, [{ field: `logs.${index}`, message }]);
    }
    total += bytes;
  });
  return total;
}
