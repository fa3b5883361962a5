import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

interface SharedEntry {
  version?: string;
}

/**
 * The versions of the shared singletons the shell provides: from `RELEASE_SHELL_SHARED` (a JSON
 * file `{ "react": "19.3.1", … }` describing the shell deployed in the target environment), else
 * what the shell in this checkout is built with (build-config/federation/shared.cjs, the one
 * place that decides what is shared, with the installed versions).
 */
export function shellProvides(
  env: Readonly<Record<string, string | undefined>>,
  root = ROOT,
): Record<string, string> {
  const file = env.RELEASE_SHELL_SHARED?.trim();
  if (file) {
    const parsed = JSON.parse(readFileSync(path.resolve(root, file), 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') throw new Error(`${file}: not an object`);
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  const { sharedConfig } = requireFromRoot('./build-config/federation/shared.cjs') as {
    sharedConfig: (options: { eager: boolean }) => Record<string, SharedEntry>;
  };
  const provides: Record<string, string> = {};
  for (const [name, entry] of Object.entries(sharedConfig({ eager: true }))) {
    if (entry.version) provides[name] = entry.version;
  }
  return provides;
}
