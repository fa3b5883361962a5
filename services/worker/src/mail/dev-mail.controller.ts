import { Controller, Get, Header, Inject, NotFoundException, Param, Req } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { MAIL_OUTBOX_MODEL, type MailOutboxModel } from '@mechabrim/db';
import { isValidObjectId } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { workerStringsHe } from '../strings.he';
import { escapeHtml } from './templates/layout';

const s = workerStringsHe.mail.devOutbox;

/** Whether a socket's peer is this machine (IPv4 127/8, `::1`, or 127/8 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * `GET /dev/mail`: the local outbox, newest first; `GET /dev/mail/:id`: one message's HTML as
 * sent. The outbox holds buyers' addresses and mail, so it is served only when `DEV_MAIL=true`
 * (`npm start` sets it; production refuses it) and only to a browser on this machine — the peer
 * of the connection itself, not what an `X-Forwarded-For` says. Anything else is a 404.
 */
@Controller('dev/mail')
export class DevMailController {
  constructor(
    @InjectModel(MAIL_OUTBOX_MODEL) private readonly outbox: MailOutboxModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async list(@Req() request: FastifyRequest): Promise<string> {
    this.admit(request);
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
  async show(@Req() request: FastifyRequest, @Param('id') id: string): Promise<string> {
    this.admit(request);
    if (!isValidObjectId(id)) throw new NotFoundException();
    const message = await this.outbox.findById(id).lean();
    if (!message) throw new NotFoundException();
    return message.html;
  }

  private admit(request: FastifyRequest): void {
    const shown = this.config.mail.devOutbox && this.config.nodeEnv !== 'production';
    if (!shown || !isLoopbackAddress(request.socket.remoteAddress)) throw new NotFoundException();
  }
}
