import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  israeliBank,
  maskDigits,
  type CommunityProjectAdmin,
  type CommunityProjectBank,
  type CommunityProjectRequest,
} from '@mechabrim/contracts';
import {
  COMMUNITY_PROJECT_MODEL,
  LEDGER_ENTRY_MODEL,
  type CommunityProjectModel,
  type LedgerEntryModel,
} from '@mechabrim/db';
import { agorot, toAgorot, toShekels } from '@mechabrim/money';
import { seal, type SealedValue } from '@mechabrim/server-kit';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { receivedByProject } from './project-received';

const m = messagesHe.communityFund;

/** A stored project as a lean query reads it. */
export interface StoredProject {
  _id: Types.ObjectId;
  name: string;
  description: string;
  targetAgorot: number;
  status: CommunityProjectAdmin['status'];
  bank?: {
    accountHolder: string;
    bankCode: string;
    branch: string;
    accountMasked: string;
    sealed: SealedValue;
  } | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The community fund's projects, as admins manage them (issue 23 item 7). A project's transfer
 * details are sealed with the payout details' key (`PAYOUT_DETAILS_KEY`, the project's id bound
 * in) and answered masked; an active project must have them, since the run pays it.
 */
@Injectable()
export class CommunityProjectsService {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectModel(COMMUNITY_PROJECT_MODEL) private readonly projects: CommunityProjectModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  async list(): Promise<CommunityProjectAdmin[]> {
    const stored = await this.projects
      .find()
      .sort({ createdAt: 1, _id: 1 })
      .limit(500)
      .lean<StoredProject[]>();
    const received = await receivedByProject(this.ledger);
    return stored.map((project) => this.toAnswer(project, received.get(project._id.toHexString())));
  }

  async get(id: string): Promise<CommunityProjectAdmin> {
    const project = await this.find(id);
    const received = await receivedByProject(this.ledger, [project._id]);
    return this.toAnswer(project, received.get(id));
  }

  async create(request: CommunityProjectRequest): Promise<CommunityProjectAdmin> {
    const _id = new Types.ObjectId();
    if (request.status === 'active' && !request.bank) {
      throw new DomainError('invalid_data', m.bankRequiredWhenActive);
    }
    const [created] = await this.projects.create([
      {
        _id,
        name: request.name,
        description: request.description,
        targetAgorot: toAgorot(request.target),
        status: request.status,
        bank: request.bank ? this.sealBank(request.bank, _id) : null,
      },
    ]);
    return this.get((created as { _id: Types.ObjectId })._id.toHexString());
  }

  /** Replaces the project's fields; a `bank` left out keeps the stored details. */
  async update(id: string, request: CommunityProjectRequest): Promise<CommunityProjectAdmin> {
    const before = await this.find(id);
    const bank =
      request.bank === undefined
        ? (before.bank ?? null)
        : request.bank && this.sealBank(request.bank, before._id);
    if (request.status === 'active' && !bank) {
      throw new DomainError('invalid_data', m.bankRequiredWhenActive);
    }
    await this.projects.updateOne(
      { _id: before._id },
      {
        $set: {
          name: request.name,
          description: request.description,
          targetAgorot: toAgorot(request.target),
          status: request.status,
          bank,
        },
      },
    );
    return this.get(id);
  }

  /**
   * Removes a project that never received money; one that did stays (the ledger and the
   * community page name it) and can only be set back to 'being set up'.
   */
  async remove(id: string): Promise<{ message: string }> {
    const project = await this.find(id);
    if (await this.ledger.exists({ projectId: project._id, kind: 'allocation' })) {
      throw new DomainError('conflict', m.projectHasMoney);
    }
    await this.projects.deleteOne({ _id: project._id });
    return { message: m.projectRemoved };
  }

  private async find(id: string): Promise<StoredProject> {
    const project = await this.projects.findById(id).lean<StoredProject>();
    if (!project) throw new DomainError('not_found', m.projectNotFound);
    return project;
  }

  private sealBank(bank: CommunityProjectBank, projectId: Types.ObjectId) {
    const key = this.config.payouts.detailsKey;
    if (!key) throw new DomainError('unavailable', m.detailsUnavailable);
    return {
      accountHolder: bank.accountHolder,
      bankCode: bank.bankCode,
      branch: bank.branch,
      accountMasked: maskDigits(bank.account, 4),
      sealed: seal(
        key,
        JSON.stringify({ account: bank.account, taxId: bank.taxId }),
        projectId.toHexString(),
      ),
    };
  }

  private toAnswer(project: StoredProject, receivedAgorot = 0): CommunityProjectAdmin {
    return {
      id: project._id.toHexString(),
      name: project.name,
      description: project.description,
      target: toShekels(agorot(project.targetAgorot)),
      status: project.status,
      received: toShekels(agorot(receivedAgorot)),
      bank: project.bank
        ? {
            accountHolder: project.bank.accountHolder,
            bankCode: project.bank.bankCode,
            bankName: israeliBank(project.bank.bankCode)?.name ?? project.bank.bankCode,
            branch: project.bank.branch,
            accountMasked: project.bank.accountMasked,
          }
        : null,
      createdAt: project.createdAt.toISOString(),
      updatedAt: project.updatedAt.toISOString(),
    };
  }
}
