import { z } from 'zod';
import { linkSchema } from '@contract/link';
import { API_BASE, rels, relsMatching, type Rel } from '@contract/rels';

/**
 * Checks the API's hypermedia against the rel table (src/contract/rels.ts) on every answer the API
 * tests receive:
 * - every `links: { rel: { href, method } }` object in an answer names a rel of the table, with its
 *   method and a href its path template matches;
 * - a later call to a (method, href) handed out as a link of rel R is parsed as R says: the body it
 *   sent with R's input (what the web app's `follow` sends; only for methods with a body, and only
 *   when the server accepted it: tests send wrong bodies on purpose) and a 2xx answer's `result`
 *   with R's output.
 * A mismatch throws, so the test making that call fails. `seen` and `followed` tell which rels the
 * tests met, for the walk of src/server/links.test.ts.
 */
export class LinkChecker {
  /** Rels of the links found in answers. */
  readonly seen = new Set<Rel>();
  /** Rels whose link was followed with a 2xx answer, parsed with the table. */
  readonly followed = new Set<Rel>();
  /** `METHOD href` → the rels it was handed out as. */
  private readonly handedOut = new Map<string, Set<Rel>>();

  check(request: { method: string; url: string; body: unknown }, answer: { status: number; body: unknown }) {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    const method = request.method.toUpperCase();
    const ok = answer.status >= 200 && answer.status < 300;
    const handed = [...(this.handedOut.get(`${method} ${request.url}`) ?? [])];
    const withBody = method !== 'GET' && method !== 'DELETE';
    // Rels may share a method and path (the cart's add takes a trip, a hotel or a car): the call followed those whose input its body is.
    const followed = withBody ? handed.filter((rel) => rels[rel].input.safeParse(bodyOf(request.body, rels[rel].input)).success) : handed;
    if (ok && withBody && handed.length > 0 && followed.length === 0)
      expectShape(handed[0]!, request, 'input', rels[handed[0]!].input, bodyOf(request.body, rels[handed[0]!].input));
    for (const rel of followed) {
      if (!ok) continue;
      expectShape(rel, request, 'output', rels[rel].output, (answer.body as { result?: unknown } | null)?.result);
      this.followed.add(rel);
    }
    for (const links of linksIn(answer.body))
      for (const [rel, value] of Object.entries(links)) {
        const link = linkSchema.safeParse(value);
        const where = `link "${rel}" (${JSON.stringify(value)}) in the answer to ${method} ${request.url}`;
        if (!link.success) throw new Error(`${where} is not a { href, method } link`);
        if (!(rel in rels)) throw new Error(`${where}: "${rel}" is not a rel of src/contract/rels.ts`);
        if (!relsMatching(link.data).includes(rel as Rel))
          throw new Error(`${where} does not match rel "${rel}" (${rels[rel as Rel].method} ${API_BASE}${rels[rel as Rel].path})`);
        this.seen.add(rel as Rel);
        const key = `${link.data.method} ${link.data.href}`;
        this.handedOut.set(key, (this.handedOut.get(key) ?? new Set()).add(rel as Rel));
      }
  }
}

/** Every `links` object in a JSON answer. */
function linksIn(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) linksIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === 'links' && child && typeof child === 'object' && !Array.isArray(child)) found.push(child as Record<string, unknown>);
      else linksIn(child, found);
    }
  return found;
}

/**
 * The body a test sent, as JSON. The tests' helpers post `{}` to actions that take no body
 * (requestApproval, releasePrebooking): the server ignores it, and for the rel it means "no body".
 */
function bodyOf(body: unknown, input: z.ZodType): unknown {
  let json = body;
  if (typeof body === 'string')
    try {
      json = JSON.parse(body);
    } catch {
      return body;
    }
  const empty = json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 0;
  return input instanceof z.ZodVoid && empty ? undefined : json;
}

function expectShape(rel: Rel, request: { method: string; url: string }, what: 'input' | 'output', schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${request.method} ${request.url}, followed as link "${rel}": its ${what === 'input' ? 'body' : 'result'} does not match rels.${rel}.${what}:\n${z.prettifyError(parsed.error)}`,
    );
}
