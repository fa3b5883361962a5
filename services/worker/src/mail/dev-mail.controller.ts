import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { MAIL_OUTBOX_MODEL, type MailOutboxModel } from '@mechabrim/db';
import { isValidObjectId } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import { escapeHtml } from './templates/layout';

const s = workerStringsHe.mail.devOutbox;

/**
 * `GET /dev/mail`: the local outbox, newest first; `GET /dev/mail/:id`: one message's HTML as
 * sent. Only outside production (the outbox holds buyers' addresses).
 */
@Controller('dev/mail')
export class DevMailController {
  constructor(
    @InjectModel(MAIL_OUTBOX_MODEL) private readonly outbox: MailOutboxModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async list(): Promise<string> {
    this.refuseInProduction();
    const messages = await this.outbox.find().sort({ createdAt: -1 }).limit(200).lean();
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.to)}</td><td><a href="/dev/mail/${message._id.toHexString()}">${escapeHtml(message.subject)}</a></td><td>${escapeHtml(message.template)}</td><td>${escapeHtml(message.status)}</td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html dir="rtl" lang="he"><head><meta charset="utf-8"><title>${s.title}</title></head>
<body style="font-family: sans-serif; padding: 16px;"><h1>${s.title}</h1>
${messages.length === 0 ? `<p>${s.empty}</p>` : `<table cellpadding="6"><thead><tr><th>${s.when}</th><th>${s.to}</th><th>${s.subject}</th><th>${s.template}</th><th>${s.status}</th></tr></thead><tbody>${rows}</tbody></table>`}
</body></html>`;
  }

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  async show(@Param('id') id: string): Promise<string> {
    this.refuseInProduction();
    if (!isValidObjectId(id)) throw new NotFoundException();
    const message = await this.outbox.findById(id).lean();
    if (!message) throw new NotFoundException();
    return message.html;
  }

  private refuseInProduction(): void {
    if (this.config.nodeEnv === 'production') throw new NotFoundException();
  }
}
