import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  communityProjectAdminSchema,
  communityProjectIdSchema,
  communityProjectRequestSchema,
  type CommunityProjectAdmin,
  type CommunityProjectRequest,
} from '@mechabrim/contracts';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodBody,
  ZodParam,
} from '../common/validation/zod-validation.pipe';
import { CommunityProjectsService } from './community-projects.service';

/** Admin-only: the community fund's projects (issue 23 item 7). */
@ApiTags('community')
@Controller('admin/community-projects')
@Authenticated('admin')
export class CommunityProjectsController {
  constructor(private readonly projects: CommunityProjectsService) {}

  @Get()
  @ApiOperation({ summary: "The fund's projects, oldest first, with what each has received" })
  @ApiZodResponse(z.array(communityProjectAdminSchema), { description: 'Projects' })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<CommunityProjectAdmin[]> {
    return sendPrivate(reply, await this.projects.list());
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a project (an active one needs its transfer details)' })
  @ApiZodBody(communityProjectRequestSchema)
  @ApiZodResponse(communityProjectAdminSchema, { status: 201, description: 'The project' })
  async create(
    @ZodBody(communityProjectRequestSchema) body: CommunityProjectRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunityProjectAdmin> {
    return sendPrivate(reply, await this.projects.create(body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One project' })
  @ApiZodResponse(communityProjectAdminSchema, { description: 'The project' })
  async get(
    @ZodParam('id', communityProjectIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunityProjectAdmin> {
    return sendPrivate(reply, await this.projects.get(id));
  }

  @Put(':id')
  @ApiOperation({ summary: "Replace a project's fields (bank left out: kept; null: removed)" })
  @ApiZodBody(communityProjectRequestSchema)
  @ApiZodResponse(communityProjectAdminSchema, { description: 'The project' })
  async update(
    @ZodParam('id', communityProjectIdSchema) id: string,
    @ZodBody(communityProjectRequestSchema) body: CommunityProjectRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommunityProjectAdmin> {
    return sendPrivate(reply, await this.projects.update(id, body));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove a project that never received money' })
  @ApiZodResponse(z.object({ message: z.string() }), { description: 'Removed' })
  async remove(
    @ZodParam('id', communityProjectIdSchema) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    return sendPrivate(reply, await this.projects.remove(id));
  }
}
