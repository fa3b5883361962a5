import { runLauncher } from './launcher';

const USAGE = 'usage: npm start [-- --no-build]';

/** Entry point of `npm start` (called by bin/start.mjs once dependencies are installed). */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const unknown = argv.filter((arg) => arg !== '--no-build');
  if (unknown.length > 0) {
    process.stderr.write(`unknown argument ${unknown[0]}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  // --no-build: run what is already built (e.g. while another terminal rebuilds one remote).
  process.exitCode = await runLauncher({ build: !argv.includes('--no-build') });
}
