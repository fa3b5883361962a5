import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CLIENT_LOGS_JOB, QUEUE_NAMES, clientLogsJobSchema } from '@mechabrim/contracts';
import { CLIENT_LOG_MAX_ENTRIES, CLIENT_LOG_MODEL, type ClientLogModel } from '@mechabrim/db';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { ClientLogRetention } from './client-log-retention';

export interface ClientLogsResult {
  stored: number;
  duplicates: number;
}

/**
 * Stores browser log entries the API queued. At-least-once delivery is safe: each entry is an
 * upsert on its content key (unique index), so a retried or re-run job stores nothing twice.
 * Stored entries are capped at {@link CLIENT_LOG_MAX_ENTRIES} (oldest removed first), besides the
 * 30-day TTL.
 */
@Processor(QUEUE_NAMES.clientLogs, { ...WORKER_LOCK_SETTINGS })
export class ClientLogsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(ClientLogsProcessor.name);
  private readonly retention: ClientLogRetention;

  constructor(
    @InjectModel(CLIENT_LOG_MODEL) private readonly clientLogs: ClientLogModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(QUEUE_NAMES.clientLogs) private readonly queue: Queue,
  ) {
    super();
    this.retention = new ClientLogRetention(clientLogs, CLIENT_LOG_MAX_ENTRIES);
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<ClientLogsResult> {
    if (job.name !== CLIENT_LOGS_JOB) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = clientLogsJobSchema.safeParse(job.data);
    // A payload that does not match the contract will never succeed: fail it without retries.
    if (!parsed.success)
      throw new UnrecoverableError(`invalid client-logs payload: ${parsed.error.message}`);
    const { receivedAt, ip, userAgent, entries } = parsed.data;

    const result = await this.clientLogs.bulkWrite(
      entries.map((entry) => ({
        updateOne: {
          filter: { key: entry.key },
          update: {
            $setOnInsert: {
              key: entry.key,
              timestamp: new Date(entry.timestamp),
              level: entry.level,
              message: entry.message,
              context: entry.context ?? '',
              data: entry.data ?? null,
              url: entry.url ?? '',
              userId: entry.userId ?? '',
              sessionId: entry.sessionId ?? '',
              remotes: entry.remotes ?? {},
              ip: ip ?? '',
              userAgent: userAgent ?? '',
              receivedAt: new Date(receivedAt),
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    const stored = result.upsertedCount;
    const outcome = { stored, duplicates: entries.length - stored };
    if (stored > 0) {
      // The entries are stored; a failed trim is retried on a later job, not by failing this one.
      const removed = await this.retention.maybeTrim().catch((error: unknown) => {
        this.logger.warn(`client log trim failed: ${String(error)}`);
        return 0;
      });
      if (removed > 0) this.logger.log({ removed, msg: 'oldest client logs removed (cap)' });
    }
    this.logger.debug({ jobId: job.id, ...outcome, msg: 'client logs stored' });
    return outcome;
  }
}
