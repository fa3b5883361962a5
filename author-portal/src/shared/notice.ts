/** What an admin page says after an action: done, or why it failed. */
export type Notice = { tone: 'done' | 'error'; text: string };
