import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeApiCode } from '@contract/api-codes';
import { ApiError, MAX_JSON_DEPTH, jsonDeeperThan } from '@server/platform/errors';
import { publicOrigin } from '@server/platform/request-context';
import { sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { ScimError, errorBody } from './errors';
import * as repo from './repository';
import * as users from './service';

export const SCIM_BASE = '/scim/v2';
const CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** A User or a PatchOp is a few hundred bytes; an identity provider sends one at a time (no bulk). */
const BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    scim?: users.Scim;
  }
}

const bearer = (request: FastifyRequest) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

const send = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).type(CONTENT_TYPE).header('cache-control', 'no-store').send(body);

/**
 * SCIM 2.0 (RFC 7643/7644) at /scim/v2, outside the API: no Api-Key, the bearer token (issued by
 * the operator tool, stored as its sha256) names the company, hence the agency. Answers and errors
 * are SCIM's own (application/scim+json, the Error schema), not the API's envelope; the routes are
 * not in the API's description.
 */
export function scimRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    await app.register(
      async (scope) => {
        // Bodies are SCIM's media type or plain JSON, depth-limited like the API's.
        scope.removeAllContentTypeParsers();
        const parseJson = scope.getDefaultJsonParser('error', 'error');
        scope.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
          if (jsonDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new ScimError(400, 'The body is nested too deeply.', 'invalidSyntax'), undefined);
          parseJson(request, body as string, (err, value) =>
            err ? done(new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'), undefined) : done(null, value),
          );
        });

        scope.setErrorHandler((failure: unknown, request, reply) => {
          if (failure instanceof ScimError) return send(reply, failure.status, errorBody(failure.status, failure.detail, failure.scimType));
          // The server's own guards (an address too long, text PostgreSQL cannot store) in SCIM's words.
          if (failure instanceof ApiError)
            return send(reply, failure.status, errorBody(failure.status, describeApiCode(failure.code, 'en') ?? failure.message));
          const error = failure as Error & { statusCode?: number; code?: string };
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, errorBody(413, `The body is larger than ${BODY_LIMIT / 1024} KB.`));
          if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, 415, errorBody(415, 'Send application/scim+json.'));
          if (error.statusCode === 429) return send(reply, 429, errorBody(429, 'Too many requests: slow down.'));
          if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
            return send(reply, 400, errorBody(400, 'The request is invalid.', 'invalidSyntax'));
          request.log.error({ err: error }, 'SCIM request failed');
          return send(reply, 500, errorBody(500, 'The service is momentarily unavailable.'));
        });
        scope.setNotFoundHandler((_request, reply) => send(reply, 404, errorBody(404, 'No such resource.')));

        // Every call carries the company's token: missing, unknown or revoked is 401 (nothing is cached:
        // a revoked token stops at once). Checked before the body is read, after the rate limit (onRequest).
        scope.addHook('preParsing', async (request, reply, payload) => {
          const token = bearer(request);
          const company = token ? await repo.companyOfToken(services.db, sha256(token)) : undefined;
          if (!company) {
            reply.header('www-authenticate', 'Bearer realm="SCIM"');
            throw new ScimError(401, 'A valid SCIM bearer token is required.');
          }
          request.scim = { services, company, base: `${publicOrigin(request, services)}${SCIM_BASE}` };
          return payload;
        });

        // An identity provider syncing a whole directory sends many calls: 600 a minute per address,
        // counted before the token is looked up, so that guessing tokens is limited too.
        const options = { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: '1 minute', groupId: 'scim' } } };
        const scim = (request: FastifyRequest) => request.scim!;
        type Id = { Params: { id: string } };
        type List = { Querystring: { filter?: string; startIndex?: string; count?: string } };

        scope.get('/ServiceProviderConfig', options, async (request, reply) => send(reply, 200, serviceProviderConfig(scim(request).base)));
        scope.get('/Schemas', options, async (request, reply) => {
          const all = schemas(scim(request).base);
          return send(reply, 200, listResponse(all, all.length, 1));
        });
        scope.get<Id>('/Schemas/:id', options, async (request, reply) => {
          const found = schemas(scim(request).base).find((s) => s.id === request.params.id);
          return found ? send(reply, 200, found) : send(reply, 404, errorBody(404, 'No such schema.'));
        });
        scope.get('/ResourceTypes', options, async (request, reply) => {
          const all = resourceTypes(scim(request).base);
          return send(reply, 200, listResponse(all, all.length, 1));
        });
        scope.get<Id>('/ResourceTypes/:id', options, async (request, reply) => {
          const found = resourceTypes(scim(request).base).find((r) => r.id === request.params.id);
          return found ? send(reply, 200, found) : send(reply, 404, errorBody(404, 'No such resource type.'));
        });

        scope.get<List>('/Users', options, async (request, reply) => send(reply, 200, await users.listUsers(scim(request), request.query)));
        scope.post('/Users', options, async (request, reply) => {
          const created = await users.createUser(scim(request), request.body);
          return send(reply.header('location', created.meta.location), 201, created);
        });
        scope.get<Id>('/Users/:id', options, async (request, reply) => send(reply, 200, await users.getUser(scim(request), request.params.id)));
        scope.put<Id>('/Users/:id', options, async (request, reply) =>
          send(reply, 200, await users.replaceUser(scim(request), request.params.id, request.body)),
        );
        scope.patch<Id>('/Users/:id', options, async (request, reply) =>
          send(reply, 200, await users.patchUser(scim(request), request.params.id, request.body)),
        );
        scope.delete<Id>('/Users/:id', options, async (request, reply) => {
          await users.deleteUser(scim(request), request.params.id);
          return reply.status(204).header('cache-control', 'no-store').send();
        });
      },
      { prefix: SCIM_BASE },
    );
  };
}
