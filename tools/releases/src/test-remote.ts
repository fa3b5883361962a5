// What one team runs before it releases its remote (docs/releases.md):
//   npm run test:remote -- <remote> [--base <git ref>] [--no-journeys]
// 1. the unit and integration tests of every project its change affects (Nx's affected graph
//    from --base, default main, to the working tree): for a change inside the remote, its own;
// 2. the contracts between the shell and the remote: its build against the shell's shared
//    singletons (the release gate), then the browser journeys that load it inside the shell.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ReleaseError,
  assertCompatible,
  remoteId,
  requirementsOf,
  type RemoteId,
} from '@mechabrim/releases';
import { ROOT, shellProvides } from './shell-shared';

/** The federation journeys that load each remote inside the shell (e2e/src/federation). */
export const CONTRACT_JOURNEYS: Record<RemoteId, readonly string[]> = {
  storefront: ['app-frame', 'cart-singleton', 'redeploy-remote', 'remote-down'],
  checkout: ['cart-singleton', 'remote-down'],
  'author-portal': ['app-frame', 'author-portal-standalone'],
};

const NX = path.join(ROOT, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');

/** Runs a node script with the terminal as its output; resolves with its exit code. */
function run(args: string[]): Promise<number> {
  process.stdout.write(`\n━━ ${args.map((arg) => path.relative(ROOT, arg) || arg).join(' ')}\n`);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'inherit',
    // No Nx daemon: it would outlive the command.
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    allowNegative: true,
    options: {
      base: { type: 'string', default: 'main' },
      journeys: { type: 'boolean', default: true },
    },
  });
  const [remoteArg] = positionals;
  if (!remoteArg) {
    console.error(
      'usage: test-remote.ts <storefront|checkout|author-portal> [--base <ref>] [--no-journeys]',
    );
    return 2;
  }
  const remote = remoteId(remoteArg);
  const failed: string[] = [];

  if ((await run([NX, 'affected', '-t', 'test', `--base=${values.base}`, '--parallel=1'])) !== 0)
    failed.push('the affected projects’ tests');

  // The journeys start the whole stack: every front end and service built (from Nx's cache when
  // unchanged), then the gate on this remote's build.
  if ((await run([NX, 'run-many', '-t', 'build', '--parallel=2'])) !== 0) {
    failed.push('the build');
  } else {
    const manifest = JSON.parse(
      await readFile(path.join(ROOT, remote, 'dist', 'mf-manifest.json'), 'utf8'),
    ) as unknown;
    try {
      assertCompatible(remote, requirementsOf(manifest), shellProvides(process.env));
      process.stdout.write(`\n━━ ${remote}: its shared singletons match what the shell provides\n`);
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      console.error(error.message);
      failed.push('the compatibility gate');
    }
    if (values.journeys) {
      const files = CONTRACT_JOURNEYS[remote].map((name) =>
        path.join('e2e', 'src', 'federation', `${name}.e2e.ts`),
      );
      if ((await run([JEST, '-c', path.join('e2e', 'jest.config.cjs'), ...files])) !== 0)
        failed.push('the journeys that load it in the shell');
    }
  }

  process.stdout.write(
    failed.length === 0
      ? `\n${remote}: ready to release (npm run remote:release -- ${remote})\n`
      : `\n${remote}: failed — ${failed.join(', ')}\n`,
  );
  return failed.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ReleaseError ? error.message : error);
    process.exit(1);
  },
);
