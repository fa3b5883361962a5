import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { announceModelChanges, readCatalogueVersions } from '@mechabrim/db';

/**
 * How often each API process reads the catalogue's write counters. A write through any process
 * (another API instance, the worker) reaches this process's caches within this plus one query.
 */
export const CATALOGUE_SYNC_INTERVAL_MS = 500;

/**
 * The promise docs/operations.md states: a change written through the catalogue models by any process
 * is shown by every API process within this long (one interval, the counter read and the fresh
 * query, with room for a loaded machine). The two-process test logs its figures beside it.
 */
export const CROSS_PROCESS_BOUND_MS = 2_000;

/**
 * Keeps this process's caches of the catalogue (answers, category counts, the search index) in
 * step with writes made by other processes. Every write through the catalogue models bumps a
 * per-model counter in MongoDB (`catalogue_versions`, see `notifyChanges` in libs/db); this
 * reads it every {@link CATALOGUE_SYNC_INTERVAL_MS} and, for each model whose counter moved,
 * tells the same listeners a local write would. Polling rather than change streams: the
 * embedded MongoDB-compatible server has none, and one point read per interval costs nothing.
 */
@Injectable()
export class CatalogueSync implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CatalogueSync.name);
  private seen?: Map<string, number>;
  private timer?: NodeJS.Timeout;
  private polling = false;
  private failing = false;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), CATALOGUE_SYNC_INTERVAL_MS);
    this.timer.unref();
    void this.poll();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the counters once and announces the models that changed since the last read. */
  async poll(): Promise<void> {
    // A slow read must not pile up reads behind it.
    if (this.polling) return;
    this.polling = true;
    try {
      const current = await readCatalogueVersions(this.connection);
      const previous = this.seen;
      this.seen = current;
      this.failing = false;
      // Nothing to compare the first read with: a cache filled while it ran (the API answers
      // before it, and with MongoDB down at start it comes late) may predate a counted write,
      // so every counted model is announced once.
      const changed = [...current].filter(([model, count]) => previous?.get(model) !== count);
      if (changed.length) announceModelChanges(changed.map(([model]) => model));
    } catch (error) {
      // MongoDB unreachable: keep serving what is cached; the next read tries again.
      if (!this.failing) this.logger.warn(`catalogue version read failed: ${String(error)}`);
      this.failing = true;
    } finally {
      this.polling = false;
    }
  }
}
