// One team releases its remote (docs/releases.md):
//   npm run remote:release  -- <remote> [--no-build] [--dir <build folder>]
//   npm run remote:promote  -- <remote> <version>
//   npm run remote:rollback -- <remote>
//   npm run remote:canary   -- <remote> <version> <percent>     (0 ends the canary)
//   npm run remote:releases -- <remote>                            (with client error counts)
//   npm run remote:prune    -- <remote> [--dry-run] [--pointers <other environment's file>]…
// <remote>: storefront, checkout or author-portal. The store and the environment's pointers come
// from RELEASE_STORE, RELEASES_DIR, RELEASE_POINTERS_FILE (docs/configuration.md); who made a
// change from RELEASE_ACTOR, else the OS user. Error counts come from the API's stored client log
// (MONGODB_URI, else the embedded server on EMBEDDED_MONGO_PORT).
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ReleaseError,
  canary,
  createReleaseStore,
  describeReleases,
  pointersFileOf,
  promote,
  prune,
  releaseActor,
  releaseSettingsFromEnv,
  retentionDaysFromEnv,
  remoteId,
  rollback,
  type PointerChange,
  type ReleaseContext,
  type ReleaseRow,
  type RemoteId,
} from '@mechabrim/releases';
import { clientLogsMongoUri, MongoClientErrors } from './client-errors';
import { buildRemote, releaseBuilt } from './release-remote';
import { ROOT, shellProvides } from './shell-shared';

const USAGE = `usage: cli.ts <release|promote|rollback|canary|releases> <remote> [...]
  release  <remote> [--no-build] [--dir <folder>]   build the remote and publish it as a new version
  promote  <remote> <version>                       make that version live
  rollback <remote>                                 back to the previous live version
  canary   <remote> <version> <percent>             try that version on a share of readers (0 ends it)
  releases <remote>                                 the versions, which is live or candidate, and
                                                    each one's client errors since it was shown
  prune    <remote> [--dry-run] [--pointers <file>]…  remove the versions no environment points to,
                                                    nor did within RELEASE_RETENTION_DAYS (30)`;

function describeChange({ remote, action, from, to }: PointerChange): string {
  const state = (s: PointerChange['from']) =>
    `live ${s.live ?? 'its own build'}${s.candidate ? `, candidate ${s.candidate.version} at ${s.candidate.share}%` : ''}`;
  return `${remote}: ${action} — from ${state(from)}\n${' '.repeat(remote.length + 2)}to   ${state(to)}`;
}

function table(rows: ReleaseRow[]): string {
  if (rows.length === 0) return 'no releases yet';
  const status = (row: ReleaseRow) =>
    row.status === 'live'
      ? 'LIVE'
      : row.status === 'candidate'
        ? `candidate ${row.share}%`
        : row.status === 'previous'
          ? 'was live'
          : '';
  const errors = (row: ReleaseRow) =>
    row.errors === undefined ? '' : row.errors === null ? '?' : String(row.errors);
  const lines = [['version', 'published', 'by', 'status', 'since', 'errors']].concat(
    rows.map((row) => [
      row.version,
      row.publishedAt,
      row.publishedBy,
      status(row),
      row.since ?? '',
      errors(row),
    ]),
  );
  const widths =
    lines[0]?.map((_, i) => Math.max(...lines.map((line) => line[i]?.length ?? 0))) ?? [];
  return lines
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A connection string without its password. */
function redacted(uri: string): string {
  return uri.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** Builds the remote (unless told not to, or given a folder) and publishes it as a new version. */
async function releaseCommand(
  context: ReleaseContext,
  remote: RemoteId,
  { build, dir: dirOption }: { build: boolean; dir: string | undefined },
): Promise<void> {
  const dir = dirOption ? path.resolve(dirOption) : path.join(ROOT, remote, 'dist');
  if (build && !dirOption) await buildRemote(ROOT, remote);
  const { release, published } = await releaseBuilt(
    context,
    remote,
    dir,
    shellProvides(process.env),
  );
  console.log(
    published
      ? `${remote} ${release.version} published (${release.files.length} files)`
      : `${remote}: the build is the same as ${release.version}; nothing new published`,
  );
  console.log(
    `next: npm run remote:canary -- ${remote} ${release.version} 10   or   npm run remote:promote -- ${remote} ${release.version}`,
  );
}

/** Prints the remote's versions with each one's client errors since it was shown. */
async function releasesCommand(context: ReleaseContext, remote: RemoteId): Promise<void> {
  const counter = new MongoClientErrors(clientLogsMongoUri(process.env));
  try {
    const rows = await describeReleases(context, remote, counter);
    console.log(table(rows));
    if (rows.some((row) => row.errors === null)) {
      console.log(
        `errors: ? — the client log could not be read (${redacted(counter.uri)}; MONGODB_URI)`,
      );
    }
  } finally {
    await counter.close();
  }
}

/** Removes (or, on a dry run, lists) the versions no environment points to. */
async function pruneCommand(
  context: ReleaseContext,
  remote: RemoteId,
  { pointers, dryRun }: { pointers: string[] | undefined; dryRun: boolean },
): Promise<void> {
  const retentionDays = retentionDaysFromEnv(process.env);
  const { removed, kept } = await prune(context, remote, {
    retentionDays,
    otherPointers: (pointers ?? []).map((file) => path.resolve(file)),
    dryRun,
  });
  for (const { version, why } of kept) console.log(`kept     ${version}  (${why})`);
  const verb = dryRun ? 'would remove' : 'removed';
  for (const version of removed) console.log(`${verb.padEnd(8)} ${version}`);
  if (removed.length === 0) console.log(`${remote}: nothing to remove`);
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      build: { type: 'boolean', default: true },
      dir: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      pointers: { type: 'string', multiple: true },
    },
    allowNegative: true,
  });
  const [command, remoteArg, ...rest] = positionals;
  if (!command || !remoteArg) {
    console.error(USAGE);
    return 2;
  }
  const remote = remoteId(remoteArg);
  const settings = releaseSettingsFromEnv(process.env, ROOT);
  const context: ReleaseContext = {
    store: await createReleaseStore(settings, process.env),
    pointers: pointersFileOf(settings),
    actor: releaseActor(process.env),
  };

  switch (command) {
    case 'release':
      await releaseCommand(context, remote, { build: values.build, dir: values.dir });
      return 0;
    case 'promote': {
      const [version] = rest;
      if (!version) break;
      console.log(describeChange(await promote(context, remote, version)));
      return 0;
    }
    case 'rollback':
      console.log(describeChange(await rollback(context, remote)));
      return 0;
    case 'canary': {
      const [version, percent] = rest;
      if (!version || percent === undefined) break;
      const share = Number(percent.replace(/%$/, ''));
      console.log(describeChange(await canary(context, remote, version, share)));
      return 0;
    }
    case 'releases':
      await releasesCommand(context, remote);
      return 0;
    case 'prune':
      await pruneCommand(context, remote, {
        pointers: values.pointers,
        dryRun: values['dry-run'],
      });
      return 0;
    default:
      break;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A refusal is a sentence for the person at the terminal; anything else keeps its stack.
    console.error(error instanceof ReleaseError ? error.message : error);
    process.exit(1);
  },
);
