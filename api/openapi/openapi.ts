import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { OPENAPI, OPENAPI_RESPONSE, type OpenApiResponseTag, type OpenApiTag } from '../http/validate.ts';

/**
 * OpenAPI 3.1 generated from the zod schemas the routes actually validate with: every route of the app
 * is walked, and its validators (tagged by api/http/validate.ts) give the parameters and the body.
 * JSON Schema comes from zod 4's own z.toJSONSchema (input side, so transforms show what is accepted).
 */
type JsonSchema = Record<string, unknown>;

export const openApiAnswer = z
  .looseObject({ openapi: z.string(), info: z.object({}).loose(), paths: z.record(z.string(), z.unknown()) })
  .describe('This document (OpenAPI 3.1)');
export const docsPage = z.string().describe('This document as a readable HTML page');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

const TAGS: [RegExp, string][] = [
  [/^\/api\/auth/, 'Auth'],
  [/^\/api\/account/, 'Account'],
  [/^\/api\/admin\/(audit|ledger|projections|transactions)/, 'Audit and finance'],
  [/^\/api\/admin/, 'Admin'],
  [/^\/api\/(transactions|payments|users)/, 'Token ledger'],
  [/^\/api\/notifications/, 'Notifications'],
  [/^\/api\/cards/, 'Cards'],
  [/^\/api\/crypto/, 'Crypto'],
  [/./, 'General'],
];

export function access(path: string, method = 'GET'): string {
  if (
    path.startsWith('/api/admin') ||
    (path === '/api/contact' && method === 'GET') ||
    path === '/api/payments/pending' ||
    path === '/api/transactions/all' ||
    path === '/api/users'
  ) {
    return 'admin';
  }
  if (
    /^\/api\/(health|config|campaign|contact$|crypto\/(prices|networks)|ledger\/public-key$|openapi\.json$|docs$)/.test(
      path,
    ) ||
    /^\/api\/auth\/(login|register|logout|session)$/.test(path) ||
    path === '/api/ledger/liabilities'
  ) {
    return 'public';
  }
  return 'signed-in user';
}

/** Either session cookie (the __Host- one over HTTPS, the plain one in development). */
const SESSION = [{ session: [] }, { sessionPlain: [] }];

const ERRORS = {
  BadRequest: 'The request is malformed or fails its schema (fieldErrors names the fields)',
  Unauthorized: 'No valid session',
  Forbidden: 'Signed in, but not allowed (an administrator only, a suspended account, a cross-origin write)',
  Refused: 'Refused by a rule (not found, conflict, too large, rate limited with Retry-After)',
  Unavailable: 'Temporarily unavailable (Retry-After)',
} as const;

function problemResponse(description: string): JsonSchema {
  return {
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}

const ref = (name: keyof typeof ERRORS) => ({ $ref: `#/components/responses/${name}` });

function errorResponses(who: string, validates: boolean): JsonSchema {
  return {
    ...(validates ? { '400': ref('BadRequest') } : {}),
    ...(who === 'public' ? {} : { '401': ref('Unauthorized') }),
    ...(who === 'admin' ? { '403': ref('Forbidden') } : {}),
    '4XX': ref('Refused'),
    '503': ref('Unavailable'),
  };
}

/** The declared success answers (api/http/validate.ts `responds`), media types of one status together. */
function successResponses(tags: readonly OpenApiResponseTag[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const tag of tags) {
    if (tag.status >= 400) continue;
    const description = tag.status === 201 ? 'Created' : tag.status === 204 ? 'No content' : 'Success';
    const response = out[String(tag.status)] ?? { description };
    out[String(tag.status)] = response;
    if (tag.schema === null) continue;
    const schema = jsonSchema(tag.schema, 'output');
    response.content = { ...(response.content as JsonSchema | undefined), [tag.mediaType]: { schema } };
  }
  return out;
}

/** A route's own refusals (`responds(401, null, { description })`): they replace the generic entry. */
function declaredProblems(tags: readonly OpenApiResponseTag[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    tags
      .filter((tag) => tag.status >= 400)
      .map((tag) => [String(tag.status), problemResponse(tag.description ?? 'Refused')]),
  );
}

type RouteTags = { tags: OpenApiTag[]; success: OpenApiResponseTag[] };

/** The app's API routes by `METHOD path`, with the OpenAPI tags their middleware carries. */
function routeTags(app: Hono<AppEnv>): Map<string, RouteTags> {
  const seen = new Map<string, RouteTags>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.path.includes('*') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = seen.get(key) ?? { tags: [], success: [] };
    const handler = route.handler as unknown as Record<symbol, unknown>;
    const tag = handler[OPENAPI] as OpenApiTag | undefined;
    if (tag) entry.tags.push(tag);
    const success = handler[OPENAPI_RESPONSE] as OpenApiResponseTag | undefined;
    if (success) entry.success.push(success);
    seen.set(key, entry);
  }
  return seen;
}

/** A route's path and query parameters, and the Idempotency-Key header where it honours one. */
function operationParameters(honoPath: string, { tags, success }: RouteTags): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const name of honoPath.match(/:(\w+)/g) ?? []) {
    const param = tags.find((t) => t.target === 'param');
    const shape = (param?.schema as z.ZodObject | undefined)?.shape?.[name.slice(1)] as z.ZodType | undefined;
    parameters.push({
      name: name.slice(1),
      in: 'path',
      required: true,
      schema: shape ? jsonSchema(shape) : { type: 'string' },
    });
  }
  const query = tags.find((t) => t.target === 'query');
  if (query) {
    const schema = jsonSchema(query.schema);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name) && property.default === undefined,
        schema: property,
      });
    }
  }
  if (success.some((s) => s.idempotencyKey))
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

/** One operation of the document. */
function operation(method: string, honoPath: string, route: RouteTags): JsonSchema {
  const { tags, success } = route;
  const path = honoPath.replace(/:(\w+)/g, '{$1}');
  const parameters = operationParameters(honoPath, route);
  const idempotent = success.some((s) => s.idempotencyKey);
  const body = tags.find((t) => t.target === 'json');
  const tag = TAGS.find(([pattern]) => pattern.test(path))![1];
  const who = access(path, method);
  return {
    tags: [tag],
    operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: `${method} ${path}`,
    description: `Access: ${who}.${idempotent ? ' Honours an Idempotency-Key header: a retry with the same key answers the first outcome.' : ''}${['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? ' State-changing: same-origin or no Origin (CSRF), JSON body.' : ''}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(body.schema) } },
          },
        }
      : {}),
    ...(who === 'public' ? {} : { security: SESSION }),
    ...(who === 'admin' ? { 'x-requires-admin': true } : {}),
    responses: {
      ...successResponses(success),
      ...errorResponses(who, Boolean(body) || tags.length > 0),
      ...declaredProblems(success),
    },
  };
}

export function buildOpenApi(app: Hono<AppEnv>): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, route] of routeTags(app)) {
    const [method, honoPath] = key.split(' ') as [string, string];
    const path = honoPath.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path]![method.toLowerCase()] = operation(method, honoPath, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SAI Wallet API',
      version: '1.0.0',
      description:
        'Event-sourced token ledger. Sessions are httpOnly cookies; amounts are decimal strings (numbers accepted); money commands take an Idempotency-Key header.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'message'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            message: { type: 'string' },
            fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
            code: { type: 'string' },
            requestId: { type: 'string' },
          },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([name, description]) => [name, problemResponse(description)]),
      ),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A client-chosen key naming this command (1 to 200 visible ASCII characters): a retry with the same key and body answers the first outcome and appends nothing; while the first is still running it is refused (409), and the same key with another body is refused (422).',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
        },
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-sai_session',
          description:
            'The httpOnly session cookie set by sign-in and registration (over HTTPS). Operations marked x-requires-admin answer 403 to a signed-in user who is not an administrator.',
        },
        sessionPlain: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sai_session',
          description: 'The same session cookie over plain HTTP (local development, no __Host- prefix).',
        },
      },
    },
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** The success answers of an operation: status, media type and body schema. */
function successHtml(op: JsonSchema): string {
  const responses = Object.entries(op.responses as Record<string, JsonSchema>).filter(([status]) =>
    /^2\d\d$/.test(status),
  );
  return responses
    .map(([status, response]) => {
      const content = Object.entries((response.content ?? {}) as Record<string, { schema: unknown }>);
      const bodies = content.map(
        ([media, { schema }]) =>
          `<p><code>${escapeHtml(media)}</code></p><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`,
      );
      return `<h3>Answer ${escapeHtml(status)}</h3>${bodies.join('') || '<p>No body.</p>'}`;
    })
    .join('\n');
}

/** A readable page of the same document, server-rendered (the CSP allows no inline script). */
export function renderDocs(document: JsonSchema): string {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  const sections = Object.entries(paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([
          method,
          op,
        ]) => `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(String(op.description ?? ''))}</p>
${op.parameters ? `<h3>Parameters</h3><pre>${escapeHtml(JSON.stringify(op.parameters, null, 2))}</pre>` : ''}
${op.requestBody ? `<h3>Body</h3><pre>${escapeHtml(JSON.stringify((op.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema, null, 2))}</pre>` : ''}
${successHtml(op)}
</section>`,
      ),
    );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SAI Wallet API — SAI Digital Wallet</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;background:#0b0b0d;color:#eee}
section{border-top:1px solid #333;padding:.5rem 0}pre{background:#16161a;padding:.75rem;overflow:auto;border-radius:6px}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;background:#333}
.get{background:#1f4f8f}.post{background:#2f6f3f}.patch,.put{background:#7a5a1a}.delete{background:#7a2a2a}a{color:#e8c97a}</style></head>
<body><h1>SAI Wallet API</h1><p>${escapeHtml(String((document.info as JsonSchema).description))} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}</body></html>`;
}
