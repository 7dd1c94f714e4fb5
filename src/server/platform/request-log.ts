import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request id we take from a proxy: short, and nothing a log reader could mistake for structure. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** proxy-addr's named ranges (config TRUST_PROXY accepts them) as CIDR ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.1` is the IPv4 peer 10.0.0.1 on a dual-stack socket. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether a socket peer is one of the proxies TRUST_PROXY names (addresses, CIDR ranges, named ranges). */
export function trustedPeer(trustProxy: string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address || trustProxy.length === 0) return false;
    const peer = unmapped(address);
    return list.check(peer, net.isIP(peer) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The id of a request, in every log line it writes and in its answer's X-Request-Id: the proxy's
 * X-Request-Id when the request comes from a trusted proxy (so one id follows the request through
 * both logs), else a new one. Anyone else could write any id, so theirs is never believed.
 */
export function requestIdGenerator(trustProxy: string[]) {
  const trusted = trustedPeer(trustProxy);
  return (req: IncomingMessage): string => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given) && trusted(req.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

/** Echoes each request's id in its answer's X-Request-Id, refusals by later hooks included (install it first). */
export function installRequestIdEcho(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/**
 * Query parameters that carry a secret, or what lets one replay or tie a sign-in to a browser: the
 * OpenID Connect authorization code, state, nonce, PKCE challenge and verifier, and the hints a
 * relying party sends (an ID token, the person's address).
 */
const SECRET_PARAMS = ['code', 'state', 'nonce', 'code_challenge', 'code_verifier', 'id_token_hint', 'login_hint', 'id_token', 'session_state'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/**
 * A request's URL as the log writes it: the token part of the web app's secret-bearing paths, every
 * `token…` parameter, the OIDC parameters above and the demo provider's interaction and resume ids
 * (`/oidc/interaction/<uid>`, `/oidc/auth/<uid>`: whoever holds one continues that sign-in) never
 * reach the logs.
 */
export const redactUrl = (url: string) =>
  url
    .replace(/\/(password|user\/activate|user\/invitation|approval\/one-click|calendar|sandbox-pay\/v1\/challenge)\/(?!subscription\b)[^/?#]+/g, '/$1/[token]')
    .replace(/\/oidc\/(interaction|auth)\/[^/?#]+/g, '/oidc/$1/[redacted]')
    .replace(/([?&]token[^=]*=)[^&#]+/gi, '$1[token]')
    .replace(SECRET_QUERY, '$1[redacted]');

/**
 * One log line per request, when it is answered (Fastify writes two by default; its start too at trace): its id, method,
 * path (the logger's serializer hides tokens in it), operation, status and time. Never a header or
 * a body, where passwords, tokens, Api-Keys and card numbers travel.
 */
export class OneLinePerRequest extends LogController {
  // At trace only: a request's start, for following one that never ends.
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      operation: (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? null,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
