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
import { renderOutboxPage, type ListedAttachment } from './dev-outbox-page';

/** Whether a socket's peer is this machine (IPv4 127/8, `::1`, or 127/8 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
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
    return renderOutboxPage(
      messages.map((message) => {
        const attachments: ListedAttachment[] =
          message.attachmentFiles.length > 0
            ? message.attachmentFiles
            : message.attachments.map((filename) => ({ filename, contentType: '', size: 0 }));
        return {
          id: message._id.toHexString(),
          createdAt: message.createdAt,
          to: message.to,
          subject: message.subject,
          template: message.template,
          status: message.status,
          attachments,
          kept: message.transport === 'local',
        };
      }),
    );
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
