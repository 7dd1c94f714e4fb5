import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '@contract/account';
import { currentUser, type UserRow } from './auth';
import { requestLang } from './errors';
import type { Services } from './services';
import { agencyOf, type AgencyRow } from './tenancy';

export type RequestContext = { services: Services; agency: AgencyRow; lang: Lang; origin: string; address: string };
/** A signed-in caller's request (a route behind `requireUser`). */
export type UserContext = RequestContext & { user: UserRow };
/** A request that says more to a signed-in caller (a route behind `optionalUser`): the user, or null. */
export type VisitorContext = RequestContext & { user: UserRow | null };

const WILDCARD = new Set(['0.0.0.0', '::']);

/** Demo mode's origin: the address the server listens on (`localhost` for every interface); the configured port before it listens. */
export function listenOrigin(address: AddressInfo | string | null, port: number): string {
  if (!address || typeof address === 'string') return `http://localhost:${port}`;
  const host = WILDCARD.has(address.address) ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The origin written into e-mailed links: PUBLIC_URL (required in production), else the listen
 * address. Never the request's Host or X-Forwarded-* headers, which whoever asks for the e-mail writes.
 */
export function publicOrigin(request: FastifyRequest, { config }: Services): string {
  return config.publicUrl ?? listenOrigin(request.server.server.address(), config.port);
}

/**
 * The origin of an agency's own e-mailed links: its primary host (the operator tool's `--host`), with
 * PUBLIC_URL's scheme and port, so that a link opens the agency's own white-labelled app; PUBLIC_URL
 * itself for an agency without hosts (and in demo mode without PUBLIC_URL, the listen address).
 */
export function agencyOrigin(base: string, host: string | null): string {
  if (!host) return base;
  const url = new URL(base);
  url.hostname = host;
  return url.origin;
}

export const contextOf = (request: FastifyRequest, services: Services): RequestContext => ({
  services,
  agency: agencyOf(request),
  lang: requestLang(request.headers['accept-language']),
  origin: agencyOrigin(publicOrigin(request, services), request.agency?.primaryHost ?? null),
  address: request.ip,
});

/** The context of a route behind `requireUser` (its hook has found the session). */
export const userContext = (request: FastifyRequest, services: Services): UserContext => ({ ...contextOf(request, services), user: currentUser(request) });

/** The context of a route behind `optionalUser`. */
export const visitorContext = (request: FastifyRequest, services: Services): VisitorContext => ({
  ...contextOf(request, services),
  user: request.session?.user ?? null,
});
