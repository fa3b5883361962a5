import {
  Controller,
  Get,
  Header,
  Inject,
  NotFoundException,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** One attached file as the outbox row lists it (older rows have only the names). */
interface ListedAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** A message's attachments: name, type and size, the name a link when the row kept the file. */
function attachmentsCell(messageId: string, files: ListedAttachment[], kept: boolean): string {
  return files
    .map((file, index) => {
      const name = escapeHtml(file.filename);
      const shown = kept
        ? `<a href="/dev/mail/${messageId}/attachments/${index}">${name}</a>`
        : `${name} (${s.notKept})`;
      return `<li>${shown} · <span dir="ltr">${escapeHtml(file.contentType)}</span> · ${escapeHtml(s.size(file.size))}</li>`;
    })
    .join('');
}

/**
 * `GET /dev/mail`: the local outbox, newest first, with each message's attachments;
 * `GET /dev/mail/:id`: one message's HTML as sent; `GET /dev/mail/:id/attachments/:index`: one
 * of its attached files (kept by the local transport only). The outbox holds buyers' addresses and mail, so it is served only when `DEV_MAIL=true`
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
    const messages = await this.outbox
      .find()
      .select({ 'attachmentFiles.content': 0 })
      .sort({ createdAt: -1 })
      .limit(200)
      .lean();
    const rows = messages
      .map((message) => {
        const id = message._id.toHexString();
        const files: ListedAttachment[] =
          message.attachmentFiles.length > 0
            ? message.attachmentFiles
            : message.attachments.map((filename) => ({ filename, contentType: '', size: 0 }));
        const attachments = attachmentsCell(id, files, message.transport === 'local');
        return `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.to)}</td><td><a href="/dev/mail/${id}">${escapeHtml(message.subject)}</a></td><td>${escapeHtml(message.template)}</td><td>${escapeHtml(message.status)}</td><td>${attachments ? `<ul data-attachments>${attachments}</ul>` : ''}</td></tr>`;
      })
      .join('\n');
    return `<!doctype html><html dir="rtl" lang="he"><head><meta charset="utf-8"><title>${s.title}</title></head>
<body style="font-family: sans-serif; padding: 16px;"><h1>${s.title}</h1>
${messages.length === 0 ? `<p>${s.empty}</p>` : `<table cellpadding="6"><thead><tr><th>${s.when}</th><th>${s.to}</th><th>${s.subject}</th><th>${s.template}</th><th>${s.status}</th><th>${s.attachments}</th></tr></thead><tbody>${rows}</tbody></table>`}
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

  @Get(':id/attachments/:index')
  async attachment(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Param('index') index: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    this.admit(request);
    if (!isValidObjectId(id) || !/^\d{1,3}$/.test(index)) throw new NotFoundException();
    // Hydrated, not lean: a lean read gives the driver's Binary, the document a Buffer.
    const message = await this.outbox.findById(id).select({ attachmentFiles: 1 });
    const file = message?.attachmentFiles[Number(index)];
    if (!file?.content) throw new NotFoundException();
    void reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      )
      // A file is shown as its type says, never run as a page of this origin.
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('cache-control', 'no-store');
    return Buffer.from(file.content);
  }

  private admit(request: FastifyRequest): void {
    const shown = this.config.mail.devOutbox && this.config.nodeEnv !== 'production';
    if (!shown || !isLoopbackAddress(request.socket.remoteAddress)) throw new NotFoundException();
  }
}
