import type { ServiceLink } from './types';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The block printed once everything is ready: every URL, where the data lives, the demo accounts. */
export function formatBanner(input: {
  links: readonly ServiceLink[];
  infrastructure: readonly ServiceLink[];
  accounts: readonly DemoAccount[];
  seconds: number;
}): string {
  const width = Math.max(
    ...[...input.links, ...input.infrastructure].map((link) => link.label.length),
  );
  const row = (link: ServiceLink) => `  ${link.label.padEnd(width)}  ${link.url}`;
  const lines = [
    '',
    `מחברים is running (ready in ${input.seconds.toFixed(1)} s)`,
    ...input.links.map(row),
    ...input.infrastructure.map(row),
  ];
  if (input.accounts.length > 0) {
    const roleWidth = Math.max(...input.accounts.map((account) => account.role.length));
    lines.push('Demo accounts:');
    for (const account of input.accounts) {
      lines.push(`  ${account.role.padEnd(roleWidth)}  ${account.email} / ${account.password}`);
    }
  }
  lines.push('Press Ctrl-C to stop everything.', '');
  return lines.join('\n');
}
