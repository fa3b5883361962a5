import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { ContactSubject, OkAnswer } from '@mechabrim/contracts';
import { CONTACT_MESSAGE_MODEL, type ContactMessageModel } from '@mechabrim/db';
import { messagesHe } from '../common/messages.he';

/** A validated contact form. */
export interface ContactMessageBody {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

/** Messages from the contact form, kept for the team to answer. */
@Injectable()
export class ContactsService {
  constructor(@InjectModel(CONTACT_MESSAGE_MODEL) private readonly messages: ContactMessageModel) {}

  async submit(
    message: ContactMessageBody,
    sender: { ip: string; userId?: string },
  ): Promise<OkAnswer> {
    await this.messages.create({
      ...message,
      ip: sender.ip,
      user: sender.userId ? new Types.ObjectId(sender.userId) : null,
    });
    return { ok: true, message: messagesHe.contacts.sent };
  }
}
