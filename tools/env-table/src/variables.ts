/**
 * The environment table of docs/configuration.md, in order. A service variable (one a service's zod schema
 * reads) is named only: its default and meaning come from the schema, its readers are the
 * services whose schemas read it plus `alsoReadBy`. A variable that only tools read (the
 * launcher, the edge server, builds, tests, benchmarks: plain `process.env` reads, no schema)
 * is described here in full.
 *
 * A service variable missing from this list is still in the table (after the others), so a new
 * schema variable is never left out; listing a name no schema reads as a service variable
 * fails the generator.
 */
export type TableEntry =
  | { name: string; alsoReadBy?: string[] }
  | { name: string; readBy: string[]; default: string; description: string };

export const TABLE_ENTRIES: TableEntry[] = [
  { name: 'NODE_ENV', alsoReadBy: ['edge', 'front-end builds'] },
  { name: 'DATA_DIR', alsoReadBy: ['launcher', 'demo data'] },
  { name: 'MONGODB_URI', alsoReadBy: ['launcher'] },
  {
    name: 'MONGOD_PORT',
    readBy: ['launcher'],
    default: '`27017`',
    description:
      'Port of the `mongod` the launcher starts when one is on PATH and `MONGODB_URI` is unset',
  },
  { name: 'EMBEDDED_MONGO_PORT', alsoReadBy: ['launcher', 'embedded server'] },
  { name: 'REDIS_URL', alsoReadBy: ['launcher'] },
  {
    name: 'REDIS_SERVER_BIN',
    readBy: ['launcher', 'tests'],
    default: '`redis-server`',
    description: 'The `redis-server` binary to run',
  },
  {
    name: 'REDIS_MAXMEMORY',
    readBy: ['launcher'],
    default: '`256mb`',
    description:
      'Memory cap of the `redis-server` the launcher starts (`noeviction`: at the cap new jobs are refused with a 503, none is dropped)',
  },
  {
    name: 'APT_LOCK_WAIT_SECONDS',
    readBy: ['setup'],
    default: '`600`',
    description:
      "Seconds `npm start` and `npm test` wait for apt's and dpkg's locks (an automatic update) before installing `redis-server` or `chromium`",
  },
  { name: 'API_PORT', alsoReadBy: ['launcher', 'edge'] },
  { name: 'API_HOST' },
  { name: 'API_BODY_LIMIT_BYTES' },
  { name: 'TRUST_PROXY' },
  { name: 'WORKER_PORT', alsoReadBy: ['launcher'] },
  { name: 'WORKER_HOST' },
  { name: 'WORKER_CONCURRENCY' },
  { name: 'SHUTDOWN_TIMEOUT_MS' },
  {
    name: 'SHELL_PORT',
    readBy: ['launcher'],
    default: '`4200`',
    description: 'Port of the shell (the store)',
  },
  {
    name: 'STOREFRONT_PORT',
    readBy: ['launcher', 'edge'],
    default: '`4201`',
    description: 'Port of the storefront remote',
  },
  {
    name: 'CHECKOUT_PORT',
    readBy: ['launcher', 'edge'],
    default: '`4202`',
    description: 'Port of the checkout remote',
  },
  {
    name: 'AUTHOR_PORTAL_PORT',
    readBy: ['launcher', 'edge'],
    default: '`4203`',
    description: 'Port of the author portal (remote and standalone page)',
  },
  {
    name: 'PUBLIC_HOST',
    readBy: ['launcher', 'edge'],
    default: 'the host the page was opened at',
    description:
      "Host name of the remotes in the runtime config (unset: the page's own host name, so the store works at any address)",
  },
  { name: 'PUBLIC_API_URL', alsoReadBy: ['edge'] },
  {
    name: 'API_UPSTREAM_URL',
    readBy: ['edge', 'launcher'],
    default: '`http://localhost:$API_PORT`',
    description:
      "Where the edge proxies `/api` to (`--api-proxy`), and where the storefront's edge asks the API for its landing markup",
  },
  { name: 'PAYMENT_PROVIDER' },
  { name: 'PAYMENT_SIMULATOR_URL' },
  { name: 'PAYMENT_SIMULATOR_SECRET', alsoReadBy: ['payment simulator'] },
  {
    name: 'PAYMENT_SIMULATOR_PORT',
    readBy: ['launcher', 'payment simulator'],
    default: '`4300`',
    description: 'Port of the local payment simulator',
  },
  {
    name: 'PAYMENT_SIMULATOR_HOST',
    readBy: ['payment simulator'],
    default: '`127.0.0.1`',
    description: 'Interface the payment simulator listens on',
  },
  { name: 'PRINT_API_URL' },
  { name: 'PRINT_API_KEY', alsoReadBy: ['print simulator'] },
  { name: 'PRINT_API_SECRET', alsoReadBy: ['print simulator'] },
  { name: 'PRINT_FILES_URL' },
  { name: 'PRINT_CONTACT_EMAIL' },
  { name: 'PRINT_RETRY_BASE_MS' },
  {
    name: 'PRINT_SIMULATOR_PORT',
    readBy: ['launcher', 'print simulator'],
    default: '`4400`',
    description: 'Port of the local print simulator',
  },
  {
    name: 'PRINT_SIMULATOR_HOST',
    readBy: ['print simulator'],
    default: '`127.0.0.1`',
    description: 'Interface the print simulator listens on',
  },
  {
    name: 'PRINT_SIMULATOR_WEBHOOK_URL',
    readBy: ['print simulator'],
    default: "none (no callbacks); the launcher sets the API's `/api/print/callback`",
    description: 'Where the print simulator posts its signed `PRINT_JOB_STATUS_CHANGED` callbacks',
  },
  {
    name: 'PRINT_SIMULATOR_STEP_MS',
    readBy: ['print simulator'],
    default: '`5000`',
    description:
      "The simulator's clock: milliseconds between a job's steps (created, in production, shipped, delivered)",
  },
  {
    name: 'PRINT_SIMULATOR_PRODUCTION_DELAY_MS',
    readBy: ['print simulator'],
    default: '`60000`',
    description:
      'How long the simulator holds a new job in CREATED before production: the window in which cancelling the order cancels the job',
  },
  {
    name: 'PRINT_SIMULATOR_FAIL_FIRST',
    readBy: ['print simulator'],
    default: '`0`',
    description:
      "The simulator answers its first N `POST /print-jobs/` calls with 503 (to try the handoff's retries)",
  },
  {
    name: 'PAYMENT_FRAME_ORIGINS',
    readBy: ['edge'],
    default: '`https://direct.tranzila.com` (the launcher adds the payment simulator)',
    description:
      "Comma-separated origins the checkout may frame (the payment provider's hosted page; add the local payment simulator's origin in development)",
  },
  {
    name: 'EDGE_CORS_ORIGINS',
    readBy: ['edge'],
    default: 'empty',
    description:
      "Other front-end origins (comma-separated) that may load this edge's files; pages on its own host name or on its parent domain are always admitted",
  },
  {
    name: 'EDGE_TRUST_PROXY',
    readBy: ['edge'],
    default: '`false`',
    description:
      '`true` when a proxy in front sets `X-Forwarded-Proto`/`X-Forwarded-Host` (HSTS and the runtime config follow them)',
  },
  {
    name: 'EDGE_HSTS',
    readBy: ['edge'],
    default: '`auto`',
    description:
      '`auto`: `Strict-Transport-Security` only on answers that came over HTTPS; `always`; `never`',
  },
  {
    name: 'STOREFRONT_REMOTE_URL',
    readBy: ['edge'],
    default: "the storefront's port on `PUBLIC_HOST`",
    description: 'Where the shell loads the storefront from (an origin or its `mf-manifest.json`)',
  },
  {
    name: 'CHECKOUT_REMOTE_URL',
    readBy: ['edge'],
    default: "the checkout's port on `PUBLIC_HOST`",
    description: 'Same, for checkout',
  },
  {
    name: 'AUTHOR_PORTAL_REMOTE_URL',
    readBy: ['edge'],
    default: "the author portal's port on `PUBLIC_HOST`",
    description: 'Same, for the author portal',
  },
  {
    name: 'PUBLIC_STORE_URL',
    readBy: ['edge'],
    default: "the shell's port on `PUBLIC_HOST`",
    description:
      "The store's public address, an absolute `http(s)` URL: the author portal's 'back to the site' link, and the origin of canonical links, link previews, JSON-LD, robots.txt and the sitemap; required in production (every edge server refuses to start without it when `NODE_ENV=production`)",
  },
  {
    name: 'PUBLIC_PORTAL_URL',
    readBy: ['edge'],
    default: "the author portal's port on `PUBLIC_HOST`",
    description:
      "The standalone author portal's address (the authors' subdomain), where the store's account menu sends authors and admins, signed in (in its runtime config)",
  },
  {
    name: 'LANDING_TIMEOUT_MS',
    readBy: ['edge (shell)'],
    default: '`500`',
    description:
      "How long the shell's server waits for the storefront's landing markup before it sends the page without it",
  },
  {
    name: 'LANDING_URL',
    readBy: ['edge (shell)'],
    default: "`__landing` beside the storefront's `mf-manifest.json`",
    description:
      "Where the shell's server asks for the landing markup, when it reaches the storefront by another address than browsers do",
  },
  {
    name: 'LANDING_API_URL',
    readBy: ['edge (storefront)'],
    default: '`API_UPSTREAM_URL`',
    description:
      "Where the storefront's server fetches a book for its landing markup, when it reaches the API by another address than browsers do",
  },
  {
    name: 'LANDING_API_TIMEOUT_MS',
    readBy: ['edge (storefront, checkout)'],
    default: '`1500`',
    description:
      "How long a remote's landing renderer waits for the API's data before leaving the page to the browser (the shell still stops at `LANDING_TIMEOUT_MS`)",
  },
  {
    name: 'RELEASE_STORE',
    readBy: ['edge', 'remote:release'],
    default: '`local`',
    description:
      'Where released remotes are kept (docs/releases.md): `local` in `RELEASES_DIR`, `s3` in the bucket of the storage port (`S3_*`), under `${S3_PREFIX}releases/`',
  },
  {
    name: 'RELEASES_DIR',
    readBy: ['edge', 'remote:release'],
    default: '`${DATA_DIR}/releases`',
    description:
      'The local release store: `<remote>/<version>/` with the files of each version, written once and never changed',
  },
  {
    name: 'RELEASE_POINTERS_FILE',
    readBy: ['edge', 'remote:release'],
    default: '`${RELEASES_DIR}/pointers.json`',
    description:
      "The environment's pointers: each remote's live version and candidate with its share; changes are appended to `pointers.history.jsonl` beside it. No file: every remote is served from its own build",
  },
  {
    name: 'RELEASES_PUBLIC_URL',
    readBy: ['edge'],
    default: "`remotes/` beside each remote's `mf-manifest.json`, served by the edge",
    description:
      'Where browsers load released versions from (`<url>/<remote>/<version>/…`): a CDN in front of the release store',
  },
  {
    name: 'RELEASE_ACTOR',
    readBy: ['remote:release'],
    default: 'the OS user',
    description: 'Who a release, promotion, canary or rollback is recorded as (a CI job, say)',
  },
  {
    name: 'RELEASE_RETENTION_DAYS',
    readBy: ['remote:prune'],
    default: '30',
    description:
      'How long `remote:prune` keeps a version no environment points to: after it was last pointed to (live, candidate, or one a rollback returns to) or published',
  },
  {
    name: 'RELEASE_SHELL_SHARED',
    readBy: ['remote:release'],
    default: "the shell's shared singletons in this checkout (build-config/federation/shared.cjs)",
    description:
      'A JSON file `{ "react": "19.3.1", … }`: the shared singleton versions the target environment\'s shell provides, which a release must satisfy',
  },
  { name: 'CORS_ORIGINS' },
  { name: 'JWT_SECRET' },
  { name: 'JWT_EXPIRES_IN' },
  { name: 'LOG_LEVEL' },
  {
    name: 'SEED_DEMO_DATA',
    readBy: ['launcher'],
    default: '`true`',
    description: '`false` starts without loading the demo data into an empty database',
  },
  {
    name: 'MECHABRIM_BUILD_LABEL',
    readBy: ['front-end builds'],
    default: 'empty',
    description: 'A label the storefront shows, to see a redeployed remote is live',
  },
  {
    name: 'MECHABRIM_OUTPUT_DIR',
    readBy: ['front-end builds'],
    default: '`<project>/dist`',
    description: 'Where a front-end build is written',
  },
  {
    name: 'MONGODB_TEST_URI',
    readBy: ['tests'],
    default: 'unset: the embedded server in memory',
    description: 'A real MongoDB for the tests; each suite gets a fresh database',
  },
  {
    name: 'TEST_LOG_LEVEL',
    readBy: ['tests'],
    default: '`silent`',
    description: 'Log level of the API and worker started by integration tests',
  },
  {
    name: 'CHROMIUM_PATH',
    readBy: ['browser tests', 'setup'],
    default: '`/usr/bin/chromium`',
    description: 'The Chromium the journeys drive',
  },
  {
    name: 'CHROME_PATH',
    readBy: ['Lighthouse benchmark'],
    default: '`/usr/bin/chromium`',
    description: "The Chromium Lighthouse drives (Lighthouse's own variable)",
  },
  {
    name: 'FASTMATCH_SEED',
    readBy: ['embedded-mongo tests'],
    default: '`12345`',
    description: 'Seed of the randomised filters the compiled-matcher test compares with mingo',
  },
  {
    name: 'STACK_LOGS',
    readBy: ['browser tests'],
    default: 'unset',
    description:
      '`1` streams the output of the stack each journey starts (otherwise shown only when a service fails)',
  },
  {
    name: 'STACK_SEED_FROM',
    readBy: ['browser tests'],
    default: "set by the journeys' setup",
    description:
      "A folder of seeded demo data each test stack starts from (a copy) instead of seeding; the journeys' global setup seeds it once per run",
  },
  {
    name: 'E2E_BROWSER_ENDPOINT',
    readBy: ['browser tests'],
    default: "set by the journeys' setup",
    description:
      "The WebSocket address of the Chromium a run's journey files connect to (one for the whole run); unset, each file launches its own",
  },
  {
    name: 'E2E_SHARE_STACK',
    readBy: ['browser tests'],
    default: '`1` for a whole run, `0` for named files',
    description:
      '`1` starts one stack that the read-only journeys borrow (support/shared-stack.ts); `0` gives every journey file its own',
  },
  {
    name: 'E2E_RESULTS_DIR',
    readBy: ['browser tests'],
    default: '`e2e/test-results`',
    description: 'Where the journeys write screenshots',
  },
  {
    name: 'E2E_SCREENSHOTS',
    readBy: ['browser tests'],
    default: '`off` in `npm test`, on for a journey run by itself',
    description:
      "`off` skips the journeys' checkpoint screenshots (full-page PNGs for people to look at, not assertions); `on` keeps them in `npm test` too",
  },
  {
    name: '`BENCH_RUNS`, `BENCH_SECONDS`, `BENCH_CONNECTIONS`, `BENCH_SOFT`, …',
    readBy: ['benchmarks'],
    default: 'per benchmark',
    description:
      'Run length and load (`BENCH_SOFT=1`: report a missed target without failing); the comment at the top of each `bench/src` file lists its own',
  },
  {
    name: 'NO_COLOR',
    readBy: ['launcher'],
    default: 'unset',
    description: 'Any value turns off coloured service names',
  },
];
