/** How the launcher knows a service is ready. */
export type Probe =
  | { kind: 'http'; url: string }
  | { kind: 'redis'; host: string; port: number; password?: string }
  | { kind: 'mongo'; uri: string };

export interface CommandSpec {
  command: string;
  args: string[];
  /** Added to the stack's environment for this service only. */
  env?: Record<string, string>;
  /** Relative to the repository root; the root when absent. */
  cwd?: string;
}

/** Where the stack runs; every service definition reads its settings from here. */
export interface StackContext {
  root: string;
  /** Absolute; `.data` under the root for `npm start`, a temporary folder for `startStack()`. */
  dataDir: string;
  /** Host name in the URLs the stack prints and hands to browsers. */
  host: string;
  /** The port of every service that listens on one, by service name. */
  ports: Readonly<Record<string, number>>;
  mongoUri: string;
  redisUrl: string;
  /** The environment every child gets (the caller's environment plus the stack's settings). */
  env: Readonly<Record<string, string | undefined>>;
  /** true for `startStack()`: nothing has to survive a restart. */
  ephemeral: boolean;
}

export interface ServicePort {
  /** The variable that fixes the port in `npm start`; `startStack()` always picks a free one. */
  variable?: string;
  /** Used when the variable is unset; no default = a free port. */
  default?: number;
}

export interface ServiceLink {
  label: string;
  url: string;
}

/** One process of the local stack. Adding a service to `npm start` is adding one of these. */
export interface ServiceDefinition {
  name: string;
  /** Infrastructure (databases) stops after the applications that use it. */
  tier: 'infra' | 'app';
  port?: ServicePort;
  /** Services that must be ready before this one starts. Names not in the stack count as external. */
  dependsOn?: readonly string[];
  /**
   * It keeps trying to reach its dependencies by itself and its probe passes only once it has:
   * then it is started beside them (loading its code, seconds of CPU, overlaps their start-up),
   * except beside one with an `afterReady` step, which it still waits for.
   */
  connectsInBackground?: boolean;
  /** A folder under the data directory the service keeps its data in (created before start). */
  dataFolder?: string;
  /** Workspace folder(s) whose Nx `build` target produces what this service runs. */
  project?: string | readonly string[];
  /** Files (relative to the root) that must exist before it starts: its build output. */
  requires?: (ctx: StackContext) => string[];
  command(ctx: StackContext): CommandSpec;
  probe(ctx: StackContext): Probe;
  /** Runs once the probe passes, before dependants start (e.g. initiating a replica set). */
  afterReady?(ctx: StackContext): Promise<void>;
  /** URLs printed when the stack is up. */
  links?(ctx: StackContext): ServiceLink[];
}
