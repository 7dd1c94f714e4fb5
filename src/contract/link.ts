import { z } from 'zod';

export { API_BASE } from './api-base';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A server-written action: the web app follows it and never builds the URL itself. */
export const linkSchema = z.object({ href: z.string().startsWith('/').meta({ format: 'uri-reference' }), method: z.enum(httpMethods) }).meta({ id: 'Link' });
export type Link = z.infer<typeof linkSchema>;

export const linksSchema = z.record(z.string(), linkSchema);

/**
 * The links a resource may carry, each present only when its action is allowed now. Typed by name,
 * so reading a rel the resource never has does not compile; every name is a rel of contract/rels.ts.
 */
export const linksOf = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, linkSchema.optional()])) as { [N in K]: z.ZodOptional<typeof linkSchema> });
