import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/guards';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { QUEUE_BOARD_PATH } from './queue-board';
import {
  QUEUE_BOARD_COOKIE,
  QUEUE_BOARD_SESSION_SECONDS,
  QueueBoardSessions,
} from './queue-board-sessions';

@ApiTags('admin')
@Controller('admin/queue-board')
export class QueueBoardController {
  constructor(
    private readonly sessions: QueueBoardSessions,
    @Inject(API_CONFIG) private readonly config: Pick<ApiConfig, 'secureCookies'>,
  ) {}

  @Post('session')
  @HttpCode(204)
  @Authenticated('admin')
  @ApiOperation({
    summary: `A 15-minute cookie that opens the queue board at ${QUEUE_BOARD_PATH} (admins only)`,
  })
  @ApiNoContentResponse({ description: 'The cookie is set' })
  async session(
    @CurrentUser() admin: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = await this.sessions.issue(admin);
    // Behind a proxy that ends TLS the request itself is plain http: the configured public
    // address says how browsers reach us.
    const secure = this.config.secureCookies || request.protocol === 'https' ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${QUEUE_BOARD_COOKIE}=${token}; Path=${QUEUE_BOARD_PATH}; Max-Age=${QUEUE_BOARD_SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
    );
  }
}
