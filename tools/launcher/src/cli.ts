import { runLauncher } from './launcher';

/** Entry point of `npm start` (called by bin/start.mjs once dependencies are installed). */
export async function main(): Promise<void> {
  process.exitCode = await runLauncher();
}
