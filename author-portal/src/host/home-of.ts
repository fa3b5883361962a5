/** Where each role starts on the standalone portal: authors their dashboard, admins moderation. */
export function homeOf(role: string | undefined): string | null {
  if (role === 'author') return '/author-dashboard';
  if (role === 'admin') return '/author-dashboard/moderation';
  return null;
}
