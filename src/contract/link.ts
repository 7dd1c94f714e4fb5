import { z } from 'zod';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A server-written action: the web app follows it and never builds the URL itself. */
export const linkSchema = z.object({ href: z.string().startsWith('/'), method: z.enum(httpMethods) });
export type Link = z.infer<typeof linkSchema>;

export const linksSchema = z.record(z.string(), linkSchema);
