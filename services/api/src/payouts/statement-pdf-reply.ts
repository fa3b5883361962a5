import type { FastifyReply } from 'fastify';

/** A statement PDF as a download: private, never cached, named by its period. */
export function sendStatementPdf(
  reply: FastifyReply,
  file: { content: Buffer; fileName: string },
): Buffer {
  reply.type('application/pdf');
  reply.header('content-disposition', `inline; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  return file.content;
}
