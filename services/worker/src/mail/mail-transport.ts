import { createTransport, type Transporter } from 'nodemailer';
import type { MailAttachment } from './templates/mail-template';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** The mail port: SMTP when `SMTP_URL` is set, else the local outbox only. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  /** Hands the message over; resolves with the server's Message-ID, if any. */
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string | null }> {
    const info = await this.transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments.map((attachment) => ({ ...attachment })),
    });
    return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
  }

  close(): void {
    this.transporter.close();
  }
}

/** Development: the `mail_outbox` row is the message; `GET /dev/mail` shows it. */
export class LocalMailTransport implements MailTransport {
  readonly kind = 'local' as const;

  send(): Promise<{ messageId: string | null }> {
    return Promise.resolve({ messageId: null });
  }

  close(): void {}
}
