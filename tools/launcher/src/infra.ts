import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { withDatabase } from '@mechabrim/testing';
import { MongoClient } from 'mongodb';
import type { ServiceDefinition, StackContext } from './types';

export const DATABASE_NAME = 'mechabrim';

/** Where a database comes from: a running server named by a variable, or a service the stack starts. */
export type InfraChoice =
  | { kind: 'external'; url: string; description: string }
  | {
      kind: 'managed';
      service: ServiceDefinition;
      url: (ctx: StackContext) => string;
      description: string;
    };

const dataPath = (ctx: StackContext, folder: string) => join(ctx.dataDir, folder);

/**
 * MongoDB, in the order of ARCHITECTURE.md: `MONGODB_URI`; else a `mongod` on PATH (a one-node
 * replica set, so transactions work); else the embedded server from tools/embedded-mongo.
 * `startStack()` (ephemeral) uses `MONGODB_TEST_URI` with a fresh database, else the embedded
 * server with its data in the temporary folder.
 */
export function chooseMongo(
  env: Readonly<Record<string, string | undefined>>,
  options: { ephemeral: boolean; mongodPath: string | null; uniqueName?: string },
): InfraChoice {
  if (options.ephemeral && env.MONGODB_TEST_URI) {
    const database = `mechabrim_e2e_${options.uniqueName ?? Date.now().toString(36)}`;
    return {
      kind: 'external',
      url: withDatabase(env.MONGODB_TEST_URI, database),
      description: 'MONGODB_TEST_URI',
    };
  }
  if (!options.ephemeral && env.MONGODB_URI) {
    return {
      kind: 'external',
      url: env.MONGODB_URI,
      description: 'MONGODB_URI',
    };
  }
  if (!options.ephemeral && options.mongodPath) {
    return {
      kind: 'managed',
      service: mongodService(options.mongodPath),
      url: mongodUri,
      description: 'mongod (replica set rs0)',
    };
  }
  return {
    kind: 'managed',
    service: EMBEDDED_MONGO,
    url: embeddedUri,
    description: 'embedded MongoDB-compatible server',
  };
}

const embeddedUri = (ctx: StackContext) =>
  `mongodb://127.0.0.1:${ctx.ports.mongo}/${DATABASE_NAME}`;
/** MongoDB's port; every plan that starts MongoDB gives it one. */
function mongoPort(ctx: StackContext): number {
  const port = ctx.ports.mongo;
  if (port === undefined) throw new Error('launcher: the plan gave MongoDB no port');
  return port;
}
const mongodUri = (ctx: StackContext) =>
  `mongodb://127.0.0.1:${ctx.ports.mongo}/${DATABASE_NAME}?directConnection=true`;

const EMBEDDED_MONGO: ServiceDefinition = {
  name: 'mongo',
  tier: 'infra',
  port: { variable: 'EMBEDDED_MONGO_PORT', default: 27027 },
  project: 'tools/embedded-mongo',
  dataFolder: 'mongo',
  requires: () => ['tools/embedded-mongo/dist/cli.js'],
  command: (ctx) => ({
    command: process.execPath,
    args: [
      'tools/embedded-mongo/dist/cli.js',
      '--port',
      String(ctx.ports.mongo),
      '--dbpath',
      dataPath(ctx, 'mongo'),
    ],
  }),
  probe: (ctx) => ({ kind: 'mongo', uri: embeddedUri(ctx) }),
};

function mongodService(mongod: string): ServiceDefinition {
  return {
    name: 'mongo',
    tier: 'infra',
    port: { variable: 'MONGOD_PORT', default: 27017 },
    dataFolder: 'mongod',
    command: (ctx) => ({
      command: mongod,
      args: [
        '--dbpath',
        dataPath(ctx, 'mongod'),
        '--port',
        String(ctx.ports.mongo),
        '--bind_ip',
        '127.0.0.1',
        '--replSet',
        'rs0',
        '--quiet',
      ],
    }),
    probe: (ctx) => ({ kind: 'mongo', uri: mongodUri(ctx) }),
    afterReady: (ctx) => initiateReplicaSet(mongodUri(ctx), mongoPort(ctx)),
  };
}

/** Makes a fresh `mongod --replSet rs0` a one-node replica set and waits until it is primary. */
async function initiateReplicaSet(uri: string, port: number): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const admin = client.db('admin');
    try {
      await admin.command({ replSetGetStatus: 1 });
    } catch {
      await admin.command({
        replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: `127.0.0.1:${port}` }] },
      });
    }
    const deadline = Date.now() + 30_000;
    while (!(await admin.command({ hello: 1 })).isWritablePrimary) {
      if (Date.now() > deadline)
        throw new Error('mongod did not become primary of rs0 within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.close();
  }
}

/** Memory the launcher's `redis-server` may use unless `REDIS_MAXMEMORY` says otherwise. */
export const DEFAULT_REDIS_MAXMEMORY = '256mb';

/**
 * Redis: `REDIS_URL`, else Debian's `redis-server` on a free port. `npm start` keeps its data in
 * `<DATA_DIR>/redis` (append-only file); `startStack()` keeps nothing. The server the launcher
 * starts has a memory cap and a password, fresh on every start, which only the API and the worker
 * get (inside `REDIS_URL`): another local program, or a web page reaching loopback, can neither
 * read the queues nor fill the machine's memory through them.
 */
export function chooseRedis(
  env: Readonly<Record<string, string | undefined>>,
  options: { ephemeral: boolean },
): InfraChoice {
  if (!options.ephemeral && env.REDIS_URL) {
    return { kind: 'external', url: env.REDIS_URL, description: 'REDIS_URL' };
  }
  const password = randomBytes(24).toString('base64url');
  return {
    kind: 'managed',
    service: redisService(password, env.REDIS_MAXMEMORY || DEFAULT_REDIS_MAXMEMORY),
    url: (ctx) => `redis://:${password}@127.0.0.1:${redisPort(ctx)}`,
    description: 'redis-server',
  };
}

/** A Redis URL fit to print: the password replaced by `***`. */
export function withoutPassword(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]+@/, '$1***@');
}

/** The port the plan chose for Redis (every managed service gets one before it starts). */
function redisPort(ctx: StackContext): number {
  const port = ctx.ports.redis;
  if (port === undefined) throw new Error('no port was chosen for redis');
  return port;
}

function redisService(password: string, maxmemory: string): ServiceDefinition {
  return {
    name: 'redis',
    tier: 'infra',
    port: {},
    dataFolder: 'redis',
    command: (ctx) => ({
      command: ctx.env.REDIS_SERVER_BIN || 'redis-server',
      args: [
        '--port',
        String(redisPort(ctx)),
        '--bind',
        '127.0.0.1',
        '--dir',
        dataPath(ctx, 'redis'),
        '--save',
        '',
        '--appendonly',
        ctx.ephemeral ? 'no' : 'yes',
        '--requirepass',
        password,
        '--maxmemory',
        maxmemory,
        // BullMQ needs its keys kept: at the cap, writes fail (the API answers 503) rather than
        // jobs silently disappearing.
        '--maxmemory-policy',
        'noeviction',
      ],
    }),
    probe: (ctx) => ({ kind: 'redis', host: '127.0.0.1', port: redisPort(ctx), password }),
  };
}
