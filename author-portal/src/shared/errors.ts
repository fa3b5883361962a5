import { ApiError } from '@mechabrim/session';

/** The reason of a failed call, in the API's words (already Hebrew), else the fallback. */
export function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The reason with the HTTP status first (the dashboard's error screen, spec §8). */
export function reasonWithStatus(error: unknown, fallback: string): string {
  const reason = reasonOf(error, fallback);
  return error instanceof ApiError && error.status ? `${error.status} ${reason}` : reason;
}
