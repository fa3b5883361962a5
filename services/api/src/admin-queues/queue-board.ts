import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BoardAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ALL_QUEUE_NAMES } from '@mechabrim/contracts';
import { DomainError } from '../common/errors/domain-error';
import { sendError } from '../common/filters/all-exceptions.filter';
import { messagesHe } from '../common/messages.he';
import { QUEUE_BOARD_UI_CONFIG, registerBoardFonts, useHebrewBoardPage } from './queue-board-page';
import { QueueBoardSessions } from './queue-board-sessions';

/** Where operators see every queue (Bull Board); admins only. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';

/**
 * Mounts Bull Board on the API's Fastify at {@link QUEUE_BOARD_PATH}. A browser opening the board
 * sends no bearer header, so an admin first asks `POST /api/admin/queue-board/session` (bearer)
 * for a short-lived cookie scoped to this path; every board request — page, assets, its JSON
 * calls and its retry/clean actions — is checked against it here, before the board sees it.
 */
export async function registerQueueBoard(app: NestFastifyApplication): Promise<void> {
  const sessions = app.get(QueueBoardSessions);
  const board = new BoardAdapter();
  createBullBoard({
    queues: ALL_QUEUE_NAMES.map(
      (name) => new BullMQAdapter(app.get<Queue>(getQueueToken(name), { strict: false })),
    ),
    serverAdapter: board,
    options: { uiConfig: QUEUE_BOARD_UI_CONFIG },
  });
  board.setBasePath(QUEUE_BOARD_PATH);
  const removeBoardPage = await useHebrewBoardPage(board);

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onClose', removeBoardPage);
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await sessions.admit(request.headers.cookie);
      } catch (error) {
        sendError(
          error instanceof DomainError
            ? error
            : new DomainError('unauthorized', messagesHe.auth.tokenInvalid),
          request,
          reply,
        );
        return reply;
      }
      return undefined;
    });
    await registerBoardFonts(scope, QUEUE_BOARD_PATH);
    await scope.register(board.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
