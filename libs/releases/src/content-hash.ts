import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isReleaseFilePath } from './release-store.port';

/** Every file under `dir`, as sorted relative slash-separated paths. */
export async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
  const odd = files.find((file) => !isReleaseFilePath(file));
  if (odd) throw new Error(`${dir}: a file name a release cannot hold: ${JSON.stringify(odd)}`);
  return files;
}

/**
 * The content hash of a build: SHA-256 over each file's path and its own SHA-256, in path order,
 * so the same files give the same hash wherever and whenever they were built.
 */
export async function contentHashOf(dir: string, files: readonly string[]): Promise<string> {
  const whole = createHash('sha256');
  for (const file of [...files].sort()) {
    const bytes = await readFile(path.join(dir, ...file.split('/')));
    whole.update(`${file}\0${createHash('sha256').update(bytes).digest('hex')}\n`);
  }
  return whole.digest('hex');
}
