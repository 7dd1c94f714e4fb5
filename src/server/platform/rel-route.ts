import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, RouteShorthandOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_CODES, apiCode } from '@contract/api-codes';
import { envelope } from '@contract/envelope';
import { rels, routePath, type Rel, type RelBody, type RelOutput, type RelParams } from '@contract/rels';
import { apiErrors, type ErrorStatus } from '../openapi';
import { fail, parseWith } from './errors';
import { PATH_IDS, PATH_TEXT_IDS, isUuid, type PathId } from './path-ids';
import { sendOnce } from './idempotency';
import { contextOf, userContext, visitorContext, type RequestContext, type UserContext, type VisitorContext } from './request-context';
import type { Services } from './services';

/** Who may call: a signed-in user (`requireUser`), anyone but a signed-in user is told more (`optionalUser`), or anyone. */
export type Session = 'user' | 'optional' | 'none';
type ContextFor<S extends Session> = S extends 'user' ? UserContext : S extends 'optional' ? VisitorContext : RequestContext;

type ParamName<R extends Rel> = keyof RelParams<R> & string;

/** What a rel's handler is given: the request's context, its parameters, and its body and query as the route checked them. */
export type RelCall<R extends Rel, S extends Session, B, Q> = {
  ctx: ContextFor<S>;
  params: RelParams<R>;
  body: B;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RelRouteOptions<R extends Rel, S extends Session, B extends z.ZodType, Q extends z.ZodType | undefined> = {
  summary: string;
  description?: string;
  session: S;
  /** The api_code failures the route answers with (documented, and serialized with the envelope). */
  errors: readonly ErrorStatus[];
  query?: Q;
  /**
   * Parameters that are not ids of our tables (a supplier's id, an e-mailed token, a username), with
   * their bounds. Any other parameter is one of PATH_IDS (a UUID; anything else answers its 404).
   */
  params?: Partial<Record<ParamName<R>, z.ZodType<string>>>;
  /** The body as the description shows it, when it is more than the rel's input (the cart's add takes three bodies). */
  body?: B;
  /**
   * The schema this request's body is checked against, built at request time: a date bounded by the
   * server's today, or the one of several bodies its keys name (so its problems come field by field).
   * The description shows the widest one (the rel's input, or `body`).
   */
  checkBody?: (body: unknown, services: Services) => z.ZodType;
  /** The 200's schema when it is not the rel's `{ result }` (a file the handler sends itself). */
  answer?: z.ZodType;
  /**
   * Unsafe rels run once per Idempotency-Key (`sendOnce`); `false` answers as the call runs: a POST
   * that only reads (a search's page, a form), a call without a session (no user to key it by), or
   * one that runs `idempotent` itself.
   */
  once?: false;
} & Pick<RouteShorthandOptions, 'config' | 'serializerCompiler'>;

type BodyOf<R extends Rel, B extends z.ZodType> = [B] extends [z.ZodNever] ? RelBody<R> : z.output<B>;
type QueryOf<Q> = Q extends z.ZodType ? z.output<Q> : undefined;

/** Where a feature's routes are registered: its Fastify scope, the services and the feature's OpenAPI tags. */
export type RouteScope = { app: FastifyInstance; services: Services; tags: string[] };

const isVoid = (schema: z.ZodType) => schema instanceof z.ZodVoid;
/**
 * The validator compiler of a route whose body is checked at request time (against a schema bounded by
 * today's date…): the body passes Fastify's validation untouched, parameters and queries are checked as usual.
 */
export const bodyCheckedInHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * Registers the route of a rel from the rel table (contract/rels.ts): its method, its path, its
 * parameters (`:name` of the path: our ids, UUIDs of PATH_IDS, unless `params` bounds them), its body
 * (the rel's input, none for `z.void()`), its 200 (`{ result }` of the rel's output) and its
 * operationId (the rel's name). The route checks the body, once (services take typed values and
 * parse nothing again), builds the request's context for the handler, and answers `{ result }` with
 * what the handler returns: through `sendOnce` for unsafe rels (unless `once: false`). A handler that
 * sends its own answer (a file) returns the reply.
 */
export function relRoute<R extends Rel, S extends Session, B extends z.ZodType = z.ZodNever, Q extends z.ZodType | undefined = undefined>(
  { app, services, tags }: RouteScope,
  rel: R,
  options: RelRouteOptions<R, S, B, Q>,
  handler: (call: RelCall<R, S, BodyOf<R, B>, QueryOf<Q>>) => Promise<RelOutput<R> | FastifyReply> | RelOutput<R> | FastifyReply,
) {
  const spec: { method: string; path: string; input: z.ZodType; output: z.ZodType } = rels[rel];
  const path = routePath(rel);
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const bounds = (options.params ?? {}) as Record<string, z.ZodType<string> | undefined>;
  // Our ids, checked before anything else reads them (in path order: a company before its user).
  const ids = names.filter((name) => !bounds[name] && !PATH_TEXT_IDS.includes(name));
  for (const name of ids)
    if (!(name in PATH_IDS)) throw new Error(`relRoute(${rel}): the path parameter ${name} is no id of PATH_IDS (platform/path-ids.ts), nor bounded in params`);
  const idSchema = (name: string) => {
    const code = apiCode[PATH_IDS[name as PathId]];
    return z
      .string()
      .meta({ format: 'uuid', description: `An id (UUID): one that names nothing, or anything else, answers ${API_CODES[code].status} (api_code ${code}).` });
  };
  const params =
    names.length > 0
      ? z.object(Object.fromEntries(names.map((name) => [name, bounds[name] ?? (ids.includes(name) ? idSchema(name) : z.string().max(64))])))
      : undefined;
  const checkIds = async (request: FastifyRequest) => {
    const values = request.params as Record<string, string>;
    for (const name of ids) if (!isUuid(values[name])) fail(PATH_IDS[name as PathId]);
  };
  const errors = ids.length > 0 && !options.errors.includes(404) ? [...options.errors, 404 as const] : options.errors;
  const body = options.body ?? (isVoid(spec.input) ? undefined : spec.input);
  const contextFor = { user: userContext, optional: visitorContext, none: contextOf }[options.session];
  const once = spec.method !== 'GET' && options.once !== false;
  const checkBody = options.checkBody;
  // An Idempotency-Key is the user's: a call without a session cannot be keyed by one.
  if (once && options.session !== 'user') throw new Error(`relRoute(${rel}): an unsafe rel without a session needs once: false`);

  app.route({
    method: spec.method,
    url: path,
    ...(options.session === 'user' ? { onRequest: app.requireUser } : options.session === 'optional' ? { onRequest: app.optionalUser } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.serializerCompiler ? { serializerCompiler: options.serializerCompiler } : {}),
    ...(checkBody ? { validatorCompiler: bodyCheckedInHandler } : {}),
    ...(ids.length > 0 ? { preValidation: checkIds } : {}),
    schema: {
      tags,
      summary: options.summary,
      ...(options.description ? { description: options.description } : {}),
      operationId: rel,
      ...(params ? { params } : {}),
      ...(options.query ? { querystring: options.query } : {}),
      ...(body ? { body } : {}),
      response: { 200: options.answer ?? envelope(spec.output), ...apiErrors(...errors) },
    },
    handler: async (request, reply) => {
      const call = {
        ctx: contextFor(request, services),
        params: request.params,
        body: checkBody ? parseWith(checkBody(request.body, services), request.body) : request.body,
        query: request.query,
        request,
        reply,
      } as RelCall<R, S, BodyOf<R, B>, QueryOf<Q>>;
      if (once) return sendOnce(services, request, reply, async () => handler(call));
      const result = await handler(call);
      return reply.sent ? reply : { result };
    },
  });
}
