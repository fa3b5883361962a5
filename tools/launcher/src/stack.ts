import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeProbe, waitUntilReady } from './probes';
import { ManagedProcess, type ExitInfo, type LineSink } from './process';
import { internalDependencies, orderServices } from './services';
import type { ServiceDefinition, StackContext } from './types';

export interface StackOptions {
  /** Where every child's output line goes. */
  output: LineSink;
  /** How long one service may take to answer its probe. */
  readyTimeoutMs?: number;
  /** How long a stopping service gets between SIGTERM and SIGKILL. */
  stopTimeoutMs?: number;
  /** Called when a service's probe passes (before its dependants start). */
  onReady?: (service: string) => void;
  /** Called when a service ends without being asked to. */
  onUnexpectedExit?: (service: string, info: ExitInfo) => void;
}

export class ServiceFailure extends Error {
  constructor(
    readonly service: string,
    reason: string,
  ) {
    super(`${service}: ${reason}`);
  }
}

/** Files the services need (their build output) that are not there. */
export function missingRequirements(
  services: readonly ServiceDefinition[],
  ctx: StackContext,
): string[] {
  return services.flatMap((service) =>
    (service.requires?.(ctx) ?? [])
      .filter((file) => !existsSync(join(ctx.root, file)))
      .map(
        (file) =>
          `${service.name} needs ${file}, which does not exist${service.project ? ` (build ${[service.project].flat().join(', ')})` : ''}`,
      ),
  );
}

export function describeExit({ code, signal }: ExitInfo): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/** Starts services in dependency order, each once what it needs answers, and stops them all. */
export class Stack {
  readonly services: readonly ServiceDefinition[];
  private readonly processes = new Map<string, ManagedProcess>();
  private readonly present: ReadonlySet<string>;
  private closed = false;

  constructor(
    services: readonly ServiceDefinition[],
    readonly ctx: StackContext,
    private readonly options: StackOptions,
    external: ReadonlySet<string> = new Set(),
  ) {
    this.services = orderServices(services, external);
    this.present = new Set(this.services.map((service) => service.name));
  }

  /** The pid of every running child (each leads its own process group). */
  pids(): Record<string, number> {
    const pids: Record<string, number> = {};
    for (const [name, child] of this.processes)
      if (child.running && child.pid) pids[name] = child.pid;
    return pids;
  }

  /**
   * Starts everything. Each service starts as soon as its dependencies are ready, so
   * independent services start side by side. Rejects with the first failure.
   */
  async start(): Promise<void> {
    const missing = missingRequirements(this.services, this.ctx);
    if (missing.length > 0) throw new Error(missing.join('\n'));
    const spawned = new Map<string, Promise<void>>();
    const ready = new Map<string, Promise<void>>();
    for (const service of this.services) {
      // Services come in dependency order, so each dependency's start is already in the maps.
      const dependencies = internalDependencies(service, this.present);
      const waitsFor = (name: string) =>
        service.connectsInBackground && !this.definition(name).afterReady ? spawned : ready;
      const spawn = Promise.all(
        dependencies.map((name) => waitsFor(name).get(name) ?? Promise.resolve()),
      ).then(() => this.spawnService(service.name));
      const started = spawn
        .then(() => Promise.all(dependencies.map((name) => ready.get(name) ?? Promise.resolve())))
        .then(() => this.untilReady(service.name));
      // A failure is reported once, by Promise.all below; dependants simply never start.
      spawn.catch(() => undefined);
      started.catch(() => undefined);
      spawned.set(service.name, spawn);
      ready.set(service.name, started);
    }
    await Promise.all(ready.values());
  }

  /** Starts one service (again) and waits until its probe passes. */
  async startService(name: string): Promise<void> {
    await this.spawnService(name);
    await this.untilReady(name);
  }

  /** Starts one service's process, unless it runs already. */
  private async spawnService(name: string): Promise<void> {
    const service = this.definition(name);
    // A dependency that becomes ready while the stack is stopping must not start anything new.
    if (this.closed) throw new ServiceFailure(name, 'not started: the stack is stopping');
    if (this.processes.get(name)?.running) return;
    if (service.dataFolder)
      mkdirSync(join(this.ctx.dataDir, service.dataFolder), { recursive: true });
    const spec = service.command(this.ctx);
    const child = new ManagedProcess({
      name,
      command: spec.command,
      args: spec.args,
      cwd: spec.cwd ? join(this.ctx.root, spec.cwd) : this.ctx.root,
      env: { ...this.ctx.env, ...spec.env },
      output: this.options.output,
    });
    this.processes.set(name, child);
    await child.start((info) => this.options.onUnexpectedExit?.(name, info));
  }

  /** Waits until a started service's probe passes, then runs its `afterReady` step. */
  private async untilReady(name: string): Promise<void> {
    const service = this.definition(name);
    const probe = service.probe(this.ctx);
    try {
      await waitUntilReady(probe, {
        timeoutMs: this.options.readyTimeoutMs ?? 120_000,
        stillRunning: () => this.processes.get(name)?.running ?? false,
      });
      await service.afterReady?.(this.ctx);
      this.options.onReady?.(name);
    } catch (error) {
      throw new ServiceFailure(name, error instanceof Error ? error.message : String(error));
    }
  }

  /** Stops one service; the others keep running. */
  async stopService(name: string): Promise<void> {
    this.definition(name);
    await this.processes.get(name)?.stop(this.options.stopTimeoutMs);
  }

  /** Stops the applications, then the databases they used. */
  async stop(): Promise<void> {
    this.closed = true;
    for (const tier of ['app', 'infra'] as const) {
      const names = this.services
        .filter((service) => service.tier === tier)
        .map((service) => service.name);
      await Promise.all(names.map((name) => this.stopService(name)));
    }
  }

  /** `name` ready at `url`, for messages. */
  describe(name: string): string {
    return describeProbe(this.definition(name).probe(this.ctx));
  }

  private definition(name: string): ServiceDefinition {
    const service = this.services.find((candidate) => candidate.name === name);
    if (!service)
      throw new Error(`No service named "${name}" (known: ${[...this.present].join(', ')})`);
    return service;
  }
}
