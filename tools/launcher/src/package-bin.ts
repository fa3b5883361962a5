import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The script behind a package's command (`nx` → node_modules/nx/dist/bin/nx.js), to run with `node`. */
export function packageBin(root: string, pkg: string, command = pkg): string {
  const folder = join(root, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const script = typeof bin === 'string' ? bin : bin?.[command];
  if (!script) throw new Error(`${pkg} has no "${command}" command`);
  return join(folder, script);
}
