import type { FastifyReply, FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A preHandler for developer-only endpoints: they answer the machine itself only. The socket's
 * peer is read, never `request.ip`, which a trusted proxy's X-Forwarded-For may have written.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  // To anyone else the endpoint does not exist: the app's own 404.
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return reply.callNotFound();
}
