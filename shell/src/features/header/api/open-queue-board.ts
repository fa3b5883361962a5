import { apiFetch, getApiBaseUrl } from '@mechabrim/session';

/** The API's queue board (Bull Board) and the call that gives an admin's browser its cookie. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';
export const QUEUE_BOARD_SESSION_PATH = '/api/admin/queue-board/session';

/** What opening the board needs from the browser (a seam for tests). */
export interface OpenQueueBoardDeps {
  openTab: () => Window | null;
  goTo: (url: string) => void;
}

const browser: OpenQueueBoardDeps = {
  openTab: () => window.open('about:blank', '_blank'),
  goTo: (url) => window.location.assign(url),
};

/**
 * Opens the queue board in a new tab. A page sends no bearer token, so the board's own
 * short-lived, path-scoped cookie is asked for first (with the session's bearer token); the tab is
 * opened at once, while the click still counts as the user's, and sent to the board once the
 * cookie is set. Where tabs are blocked, this tab goes instead. Throws the API's `ApiError` (a
 * Hebrew message) after closing the blank tab.
 */
export async function openQueueBoard(deps: OpenQueueBoardDeps = browser): Promise<void> {
  const tab = deps.openTab();
  try {
    await apiFetch(QUEUE_BOARD_SESSION_PATH, { method: 'POST' });
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = `${getApiBaseUrl()}${QUEUE_BOARD_PATH}`;
  if (!tab) {
    deps.goTo(url);
    return;
  }
  // The board needs nothing from this page.
  tab.opener = null;
  tab.location.href = url;
}
