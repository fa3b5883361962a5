import { ApiError, getApiBaseUrl, sessionStore } from '@mechabrim/session';

/**
 * Downloads a file the API serves behind the session (a statement's PDF, a run's bank file):
 * read with the bearer token, then saved under `fileName`. A refusal throws an `ApiError` with
 * `failed` as its message (the API's own JSON message when it sends one).
 */
export async function downloadWithSession(
  path: string,
  fileName: string,
  failed: string,
): Promise<void> {
  const token = sessionStore.getState().token;
  const response = await fetch(`${getApiBaseUrl().replace(/\/+$/, '')}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // Refused for the session's token: the session ended (as the API client would report it).
  if (response.status === 401 && token) sessionStore.getState().expire(token);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(
      typeof body?.message === 'string' && body.message ? body.message : failed,
      response.status,
    );
  }
  const file = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = file;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
}
