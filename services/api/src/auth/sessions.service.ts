import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, isValidObjectId } from 'mongoose';
import { HANDOVER_TTL_SECONDS, type SessionInfo } from '@mechabrim/contracts';
import {
  ACCOUNT_CONTROL_PURPOSES,
  ACCOUNT_TOKEN_MODEL,
  SESSION_MODEL,
  type AccountTokenModel,
  type SessionModel,
} from '@mechabrim/db';

/** How stale `lastSeenAt` may get before a request refreshes it: one write per session an hour. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/** What the token check needs of a session. */
export interface ActiveSession {
  id: string;
  lastSeenAt: Date;
}

/**
 * The users' sessions (architecture decision 15): one per sign-in, named in its tokens. Ending a
 * session revokes every token that names it, at once; the rest of the user's sessions go on.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectModel(SESSION_MODEL) private readonly sessions: SessionModel,
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: AccountTokenModel,
  ) {}

  /** An id for a session about to start (its token is signed with it before it is stored). */
  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  async start(session: {
    id: string;
    userId: string;
    expiresAt: Date;
    device: string;
  }): Promise<void> {
    const now = new Date();
    await this.sessions.create({
      _id: new Types.ObjectId(session.id),
      user: new Types.ObjectId(session.userId),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: session.expiresAt,
      userAgent: session.device,
    });
  }

  /** A token reissued for the session (an e-mail change) keeps it until its own expiry. */
  async extend(sessionId: string, userId: string, expiresAt: Date): Promise<void> {
    await this.sessions.updateOne(
      { _id: new Types.ObjectId(sessionId), user: new Types.ObjectId(userId) },
      { $max: { expiresAt } },
    );
  }

  /** The user's session with this id, if it has neither ended nor expired: one lookup by _id. */
  async active(sessionId: string, userId: string): Promise<ActiveSession | null> {
    if (!isValidObjectId(sessionId) || !isValidObjectId(userId)) return null;
    const found = await this.sessions
      .findOne({
        _id: new Types.ObjectId(sessionId),
        user: new Types.ObjectId(userId),
        // The TTL monitor runs once a minute: an expired session may still be there.
        expiresAt: { $gt: new Date() },
      })
      .select({ lastSeenAt: 1 })
      .lean();
    return found ? { id: found._id.toHexString(), lastSeenAt: found.lastSeenAt } : null;
  }

  /** Notes that the session was used, at most once per {@link LAST_SEEN_RESOLUTION_MS}. */
  async seen(session: ActiveSession, now = new Date()): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
    if (session.lastSeenAt > staleBefore) return;
    await this.sessions.updateOne(
      { _id: new Types.ObjectId(session.id), lastSeenAt: { $lte: staleBefore } },
      { $set: { lastSeenAt: now } },
    );
  }

  /**
   * A single-use code that hands this session over to the site's other origin, `origin` (the one
   * place it may be redeemed from). Only its hash is stored, for {@link HANDOVER_TTL_SECONDS}
   * seconds; a newer code replaces an unused one.
   */
  async offerHandover(
    userId: string,
    sessionId: string,
    origin: string,
    now = new Date(),
  ): Promise<{ code: string; expiresAt: Date } | null> {
    const code = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + HANDOVER_TTL_SECONDS * 1000);
    const updated = await this.sessions.updateOne(
      {
        _id: new Types.ObjectId(sessionId),
        user: new Types.ObjectId(userId),
        expiresAt: { $gt: now },
      },
      { $set: { handover: { codeHash: hashOf(code), origin, expiresAt } } },
    );
    return updated.matchedCount ? { code, expiresAt } : null;
  }

  /**
   * The session a hand-over code names and the origin it was offered for, if the code is unused
   * and fresh and the session goes on. Taking it removes it in the same write, so a code works
   * once, whoever takes it (the caller checks the origin: a code tried elsewhere is spent).
   */
  async takeHandover(
    code: string,
    now = new Date(),
  ): Promise<{ sessionId: string; userId: string; origin: string } | null> {
    const session = await this.sessions
      .findOneAndUpdate(
        {
          'handover.codeHash': hashOf(code),
          'handover.expiresAt': { $gt: now },
          expiresAt: { $gt: now },
        },
        { $unset: { handover: 1 } },
      )
      .select({ user: 1, handover: 1 })
      .lean();
    return session
      ? {
          sessionId: session._id.toHexString(),
          userId: session.user.toHexString(),
          origin: session.handover?.origin ?? '',
        }
      : null;
  }

  /** Ends one session of the user (signing out in one browser). */
  async end(userId: string, sessionId: string): Promise<void> {
    await this.sessions.deleteOne({
      _id: new Types.ObjectId(sessionId),
      user: new Types.ObjectId(userId),
    });
  }

  /** Ends every session of the user ("sign out everywhere"). */
  async endAll(userId: string): Promise<void> {
    await this.sessions.deleteMany({ user: new Types.ObjectId(userId) });
    await this.voidControlLinks(userId);
  }

  /**
   * Voids the user's pending links that could take the account over (a password reset, an e-mail
   * change): whoever asked for one while they had the password loses it with their sessions.
   */
  async voidControlLinks(userId: string, now = new Date()): Promise<void> {
    await this.tokens.updateMany(
      {
        user: new Types.ObjectId(userId),
        purpose: { $in: ACCOUNT_CONTROL_PURPOSES },
        usedAt: null,
      },
      { $set: { usedAt: now } },
    );
  }

  /**
   * Ends every session of the user but the one given: after an e-mail change, a password change
   * or a reset, whoever else was signed in is out, and the browser that made the change is not.
   */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
    await this.sessions.deleteMany({
      user: new Types.ObjectId(userId),
      _id: { $ne: new Types.ObjectId(keepSessionId) },
    });
  }

  /** The user's sessions that have not expired, the newest first. */
  async list(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
    const found = await this.sessions
      .find({ user: new Types.ObjectId(userId), expiresAt: { $gt: new Date() } })
      .sort({ createdAt: -1 })
      .limit(100)
      .lean();
    return found.map((session) => ({
      id: session._id.toHexString(),
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent ?? '',
      current: session._id.toHexString() === currentSessionId,
    }));
  }
}

function hashOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
