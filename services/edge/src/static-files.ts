// The built folder's files, with @fastify/static: a precompressed `file.br` / `file.gz` beside
// the file wins (otherwise @fastify/compress compresses as the browser accepts). Content-hashed
// files are immutable for a year; everything else (index.html, remoteEntry.js,
// mf-manifest.json) is `no-cache` (revalidated by ETag), so a redeployed remote is picked up on
// the next reload.

import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { contentTypeOf, IMMUTABLE, NO_CACHE } from './answer-headers';

/** `main.3f9a1c2e.js`, `412.a1b2c3d4e5f6.js`, `heebo-hebrew-400.8c1f2a3b.woff2` */
const HASHED = /[.-][0-9a-f]{8,32}\.[a-z0-9]+$/i;

/** The Cache-Control value for a served file name. */
export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}

const staticFiles: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    // Cache-Control is set per file below (content-hashed names are immutable).
    cacheControl: false,
    setHeaders: (reply, file) => {
      // Checked by the original file's name: the precompressed twin has the same cache life.
      const original = file.replace(/\.(br|gz)$/, '');
      const type = contentTypeOf(original);
      if (type) reply.header('Content-Type', type);
      reply.header('Cache-Control', cacheControlFor(original));
    },
  });
};

/** `reply.sendFile` for the served folder, in the context it is registered in. */
export const staticFilesPlugin = fastifyPlugin(staticFiles, { name: 'static-files' });

export interface FoundFile {
  file: string;
  stat: Stats;
}

export interface ServedFiles {
  root: string;
  /** The file an address names (a folder's index.html), or `null`: none, or not served. */
  find(urlPath: string): Promise<FoundFile | null>;
  send(reply: FastifyReply, found: FoundFile): FastifyReply;
}

/** The files of `root`, except those under `hidden` (the landing renderer's own folder). */
export function servedFiles(root: string, hidden: string | null): ServedFiles {
  const hiddenPrefix = hidden && hidden.startsWith(root + path.sep) ? hidden + path.sep : null;

  async function find(urlPath: string): Promise<FoundFile | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = path.join(root, path.normalize(decoded));
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    if (hiddenPrefix && (file + path.sep).startsWith(hiddenPrefix)) return null;
    try {
      let found = await stat(file);
      if (found.isDirectory()) {
        const index = path.join(file, 'index.html');
        found = await stat(index);
        return found.isFile() ? { file: index, stat: found } : null;
      }
      return found.isFile() ? { file, stat: found } : null;
    } catch {
      return null;
    }
  }

  return {
    root,
    find,
    send: (reply, found) => reply.sendFile(path.relative(root, found.file), root),
  };
}
