import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../contract/account';
import { requestLang } from './errors';
import type { Services } from './services';
import { agencyOf, type AgencyRow } from './tenancy';

export type RequestContext = { services: Services; agency: AgencyRow; lang: Lang; origin: string; address: string };

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The origin written into e-mailed links. A Host header is attacker-controlled, so it is trusted only
 * when it is a configured agency host or local; otherwise PUBLIC_URL (or localhost) is used.
 */
export function publicOrigin(request: FastifyRequest, services: Services): string {
  const { config } = services;
  if (config.publicUrl) return config.publicUrl;
  const host = request.host.toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  if (LOCAL_HOST.test(host) || config.agencyHosts[hostname]) return `${request.protocol}://${host}`;
  return `http://localhost:${config.port}`;
}

export const contextOf = (request: FastifyRequest, services: Services): RequestContext => ({
  services,
  agency: agencyOf(request),
  lang: requestLang(request.headers['accept-language']),
  origin: publicOrigin(request, services),
  address: request.ip,
});
