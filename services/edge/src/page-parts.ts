// The files a page is made of (index.html, the landing frame), kept in memory and read again
// when their file changes: every page answer needs them, and its CSP hashes index.html's script.

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PageParts {
  /** The served folder's index.html. */
  indexFile: string;
  /** The shell's prerendered frame for a server-drawn page (dist/landing-frame.html). */
  frameFile: string;
  /** A part's text; rejects when the file cannot be read. */
  read(file: string): Promise<string>;
}

export function createPageParts(root: string): PageParts {
  const parts = new Map<string, { mtimeMs: number; text: string }>();
  async function read(file: string): Promise<string> {
    const { mtimeMs } = await stat(file);
    const known = parts.get(file);
    if (known && known.mtimeMs === mtimeMs) return known.text;
    const text = await readFile(file, 'utf8');
    parts.set(file, { mtimeMs, text });
    return text;
  }
  return {
    indexFile: path.join(root, 'index.html'),
    frameFile: path.join(root, 'landing-frame.html'),
    read,
  };
}
