// What a reader's page loads: `/runtime-config.json` (generated from the environment for the
// address the page was opened at, or given), each released remote at the version this reader
// gets, and `/remotes/<remote>/<version>/…` from the release store (released-remotes.ts).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { addVary, JSON_TYPE, NO_CACHE } from './answer-headers';
import { sendReleasedFile } from './released-files';
import {
  RELEASES_PREFIX,
  bucketOf,
  newBucket,
  withReleases,
  type EdgeReleases,
} from './released-remotes';
import { runtimeConfigFromEnv, type Env, type RuntimeConfig } from './runtime-config';

export interface ReaderConfig {
  /** Whether this server answers `/runtime-config.json` (else it is a file, if there is one). */
  servesRuntimeConfig: boolean;
  /** The page's runtime config, each released remote at the version a reader in `bucket` gets. */
  runtimeConfigFor(request: FastifyRequest, bucket?: number | null): RuntimeConfig | null;
  /**
   * The reader's release bucket: from their cookie, else — while a canary runs — a new one, kept
   * by a cookie set on this answer; `null` otherwise (every reader gets the live version).
   */
  readerBucket(request: FastifyRequest, reply: FastifyReply): number | null;
}

/** The origin the browser opened this page at, as the request (and a trusted proxy) tells. */
function pageOrigin(request: FastifyRequest): string | undefined {
  try {
    // A forwarded protocol other than http or https (`X-Forwarded-Proto: foo`) has no origin.
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    return new URL(`${protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

export function createReaderConfig(options: {
  runtimeConfig?: boolean | RuntimeConfig;
  env: Env;
  releases: EdgeReleases | null;
  onError?: (err: unknown) => void;
}): ReaderConfig {
  const { env, releases, onError } = options;
  const fixed = typeof options.runtimeConfig === 'object' ? options.runtimeConfig : null;
  const generates = options.runtimeConfig === true;

  function runtimeConfigFor(request: FastifyRequest, bucket: number | null = null) {
    const config = fixed ?? (generates ? runtimeConfigFromEnv(env, pageOrigin(request)) : null);
    if (!config || !releases) return config;
    return withReleases(config, releases.pointers.current(onError), bucket, releases.publicUrl);
  }

  function readerBucket(request: FastifyRequest, reply: FastifyReply): number | null {
    const bucket = bucketOf(request.headers.cookie);
    if (bucket !== null || !releases) return bucket;
    const pointers = releases.pointers.current(onError);
    if (!Object.values(pointers).some((remote) => remote.candidate)) return null;
    const given = newBucket(request.protocol === 'https');
    void reply.header('Set-Cookie', given.cookie);
    return given.bucket;
  }

  return { servesRuntimeConfig: fixed !== null || generates, runtimeConfigFor, readerBucket };
}

/** `/runtime-config.json` for this reader, and the released versions' files. */
export const releasedRoutes: FastifyPluginAsync<{
  reader: ReaderConfig;
  releases: EdgeReleases | null;
  onError?: (err: unknown) => void;
}> = async (app, { reader, releases, onError }) => {
  if (reader.servesRuntimeConfig) {
    app.get('/runtime-config.json', async (request, reply) => {
      const bucket = releases ? reader.readerBucket(request, reply) : null;
      const config = reader.runtimeConfigFor(request, bucket);
      // The versions named in it depend on the reader's bucket cookie.
      if (releases) addVary(reply, 'accept-encoding', 'cookie');
      return reply.type(JSON_TYPE).header('Cache-Control', NO_CACHE).send(JSON.stringify(config));
    });
  }
  if (releases) {
    app.get(`${RELEASES_PREFIX}*`, async (request, reply) => {
      const urlPath = new URL(request.url, 'http://localhost').pathname;
      return sendReleasedFile(request, reply, releases.store, urlPath, onError);
    });
  }
};
