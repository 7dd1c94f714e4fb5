import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_BASE } from '@contract/rels';

/**
 * Checks every answer the API tests receive against the OpenAPI description the server publishes
 * (GET /api/docs/json), as a strict client would: the call is matched to its operation by method
 * and path template; its status must be one the operation documents, its content type one that
 * status documents, and its body valid for that content's schema (draft 2020-12, the dialect of
 * OpenAPI 3.1, `additionalProperties: false` as the description writes it). A mismatch throws, so
 * the test making the call fails with the operation, the status and what differs.
 *
 * Validators are compiled once per process and description (lazily, per operation, status and
 * content type), whichever test app asks first.
 */

type Json = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: Json }> };
type Operation = { operationId?: string; responses?: Record<string, Response> };
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; components?: Json };

type Template = { method: string; template: string; pointer: string; regex: RegExp; params: number; operation: Operation };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `~` and `/` escaped for a JSON pointer segment. */
const pointerSegment = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

export class Contract {
  private readonly ajv: Ajv2020;
  private readonly templates: Template[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDoc) {
    // strict: false, for the keywords OpenAPI adds to JSON Schema (example, discriminator…); formats are checked.
    // The description itself is not validated against the meta-schema here: npm run lint:openapi lints it.
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, validateSchema: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc as Json, 'openapi.json');
    for (const [template, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        if (!METHODS.includes(method)) continue;
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        this.templates.push({
          method: method.toUpperCase(),
          template,
          pointer: `openapi.json#/paths/${pointerSegment(template)}/${method}`,
          regex: new RegExp(`^${source}$`),
          params: (template.match(/\{/g) ?? []).length,
          operation,
        });
      }
    // The router prefers a static segment to a parameter: the template with fewer parameters wins.
    this.templates.sort((a, b) => a.params - b.params);
  }

  /** The operation a call reaches, if the description has one for its method and path. */
  operationOf(method: string, path: string) {
    return this.templates.find((t) => t.method === method && t.regex.test(path));
  }

  private validator(pointer: string) {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: pointer });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  check(request: { method: string; url: string }, answer: { status: number; headers: Record<string, unknown>; body: string }) {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith(`${API_BASE}/`)) return;
    const method = request.method.toUpperCase();
    const call = `${method} ${request.url.length > 160 ? `${request.url.slice(0, 160)}…` : request.url}`;
    const fail = (what: string): never => {
      throw new Error(`The answer to ${call} (${answer.status}) is not as the OpenAPI description says: ${what}`);
    };
    const found = this.operationOf(method, path);
    if (!found) {
      // No operation: the router's own 404 (an unknown path, or a method the path does not take), with the envelope.
      if (answer.status !== 404) fail('no operation of the description has this method and path');
      this.validate('openapi.json#/components/schemas/ApiError', parse(answer.body, fail), fail, 'the router’s 404');
      return;
    }
    const { operation, template, pointer } = found;
    const where = `${operation.operationId ?? ''} (${method} ${template})`;
    const responses = operation.responses ?? {};
    const status = String(answer.status);
    const documented = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : undefined;
    if (!documented) fail(`${where} documents ${Object.keys(responses).join(', ')}, not ${status}`);
    const content = responses[documented!]!.content ?? {};
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (Object.keys(content).length === 0) {
      if (answer.body !== '') fail(`${where} documents no content for ${status}, but it has a body (${type})`);
      return;
    }
    if (!(type in content)) fail(`${where} documents ${Object.keys(content).join(', ')} for ${status}, not the content type "${type}"`);
    const json = type === 'application/json' || type.endsWith('+json');
    const value = json ? parse(answer.body, fail) : answer.body;
    this.validate(`${pointer}/responses/${documented}/content/${pointerSegment(type)}/schema`, value, fail, `${where} ${status} ${type}`);
  }

  private validate(pointer: string, value: unknown, fail: (what: string) => never, what: string) {
    const validate = this.validator(pointer);
    if (validate(value)) return;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(the body)'} ${e.message}${e.params && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ''}`);
    fail(`${what}: ${problems.join('; ')}\nbody: ${JSON.stringify(value).slice(0, 600)}`);
  }
}

const parse = (body: string, fail: (what: string) => never): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return fail(`the body is not JSON: ${body.slice(0, 200)}`);
  }
};

/** Where the API tests' global setup leaves the description a test app publishes, with its routes. */
export const PUBLISHED_FILE = path.resolve('.test-data/openapi-published.json');

const routesKey = (app: FastifyInstance) =>
  createHash('sha256')
    .update(app.printRoutes({ commonPrefix: false }))
    .digest('hex');

const fetchPublished = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return res.body;
};

/** Run once per API test run (test/api-global-setup.ts): the description a test app serves, for every test process to read. */
export async function writePublished(app: FastifyInstance) {
  fs.mkdirSync(path.dirname(PUBLISHED_FILE), { recursive: true });
  fs.writeFileSync(PUBLISHED_FILE, JSON.stringify({ routes: routesKey(app), doc: await fetchPublished(app) }));
}

/**
 * The contract of the description a test app publishes at /api/docs/json, its validators compiled
 * once per process. Building the description takes an app about half a second, so the global setup
 * fetches it once from a test app (writePublished); an app registering the same routes publishes the
 * same description (it is generated from them, by this code). The routes are compared, not assumed:
 * an app with other routes has its own description fetched.
 */
const contracts = new Map<string, Promise<Contract>>();
export function publishedContract(app: FastifyInstance): Promise<Contract> {
  const key = routesKey(app);
  let contract = contracts.get(key);
  if (!contract) {
    const written = fs.existsSync(PUBLISHED_FILE) ? (JSON.parse(fs.readFileSync(PUBLISHED_FILE, 'utf8')) as { routes: string; doc: string }) : undefined;
    contract = (written?.routes === key ? Promise.resolve(written.doc) : fetchPublished(app)).then((text) => new Contract(JSON.parse(text) as OpenApiDoc));
    contracts.set(key, contract);
  }
  return contract;
}
