import type { FastifySchema, RouteOptions } from 'fastify';
import { errorBody } from '@pawsy/contract';

/**
 * Central touches that make the generated OpenAPI document complete for its readers (and for
 * `npm run lint:openapi`, Redocly's recommended rules) without repeating them in every route:
 * the standard error answers every API route can give, who must authenticate, a stable
 * operationId, a summary where a route has none, and the declared tags.
 */

/** SPEC §7 names these with a trailing slash; every other `/` route is documented without it
 * (the router answers both spellings). */
const SPEC_TRAILING_SLASH = new Set(['/api/booking/', '/api/messages/', '/api/dispute/']);

export function documentedUrl(url: string): string {
  if (url.length > 1 && url.endsWith('/') && !SPEC_TRAILING_SLASH.has(url)) return url.slice(0, -1);
  return url;
}

type Hook = RouteOptions['preHandler'];
const hooks = (hook: Hook | RouteOptions['onRequest']): unknown[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

const answers = {
  invalid: errorBody.describe('The input is not valid'),
  noSecretKey: errorBody.describe('No valid secret key'),
  noSession: errorBody.describe('No valid secret key, or no live session'),
  notAdmin: errorBody.describe('The caller is not an admin'),
  notFound: errorBody.describe('Nothing with that id'),
  tooMany: errorBody.describe('Too many requests from this address; retry later'),
  other: errorBody.describe('Any other error (413, 415, 500, …)'),
};

export type AuthGuards = { requireAuth: unknown; requireAdmin: unknown };

/**
 * Adds, where the route does not declare them itself, the error answers that the shared plugins
 * give on every API route: 400 (input validation), 401 (secret key or session), 403 (admin
 * only), 404 (unknown id in the path), 429 (per-IP limit), and `default` for anything else (413,
 * 415, 500, …): all in the one error shape. Sets `security` when the route needs a session or
 * takes no secret key.
 */
export function withStandardAnswers(
  schema: FastifySchema | undefined,
  route: RouteOptions,
  guards: AuthGuards,
): FastifySchema | undefined {
  if (!schema || (schema as { hide?: boolean }).hide || !route.url.startsWith('/api/')) {
    return schema;
  }
  const routeHooks = [...hooks(route.onRequest), ...hooks(route.preHandler)];
  const admin = routeHooks.includes(guards.requireAdmin);
  const session = admin || routeHooks.includes(guards.requireAuth);
  const secretKey = route.config?.skipSecretKey !== true;
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  const hasPathParams = route.url.includes(':');

  const added: Record<string, unknown> = {};
  if (hasInput) added[400] = answers.invalid;
  if (secretKey || session) added[401] = session ? answers.noSession : answers.noSecretKey;
  if (admin) added[403] = answers.notAdmin;
  if (hasPathParams) added[404] = answers.notFound;
  added[429] = answers.tooMany;
  added.default = answers.other;

  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...declared };
  for (const [status, body] of Object.entries(added)) {
    if (!(status in declared)) response[status] = body;
  }
  const security: Record<string, string[]>[] | undefined = session
    ? [secretKey ? { secretKey: [], authToken: [] } : { authToken: [] }]
    : secretKey
      ? undefined
      : [];
  return { ...schema, response, ...(security ? { security } : {}) };
}

const words = (segment: string) => segment.split(/[-_.\s]+/).filter(Boolean);
const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, unique operationId from method and path: `GET /api/booking/{id}` → getBookingById,
 * `PUT /api/booking/accept/{id}` → putBookingAcceptById, `GET /api/booking/` → getBooking.
 */
export function operationIdFor(method: string, path: string): string {
  const parts = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param)
        return `By${words(param[1] ?? '')
          .map(upperFirst)
          .join('')}`;
      return words(segment).map(upperFirst).join('');
    });
  return `${method.toLowerCase()}${parts.join('')}`;
}

/** Where a route gives no summary of its own: its method and path, `POST /api/auth/signup`. */
export function fallbackSummary(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-up, login, one-time codes, passwords and logout.',
  users: 'Profiles, the nearby sitter search and user dashboards.',
  pets: "A pet owner's pets and their photos.",
  notifications: 'In-app notifications and their live stream.',
  bookings: 'Bookings, sitter requests and acceptance, recurring series and check-in photos.',
  availability: "Sitters' calendars: weekly schedule and blocked days.",
  messages: 'Chat between the owner and the sitter of a booking.',
  disputes: 'Disputes about a booking and their resolution by an admin.',
  kyc: 'Identity verification: documents, review and messages.',
  coupons: 'Discount coupons (admin).',
  packages: 'Subscription packages.',
  subscriptions: 'Subscriptions, payments and the sandbox checkout.',
  credits: 'User credits.',
  reviews: 'Reviews of a finished booking.',
  contact: 'The contact form.',
  admin: 'Admin dashboard and member management.',
};

type Operation = { operationId?: string; summary?: string; tags?: string[] };
type Doc = { paths?: object; tags?: { name: string; description?: string }[] };
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * Document-wide finishing: operationId and summary where missing (operationIds must be unique),
 * every used tag declared with a description, and single-branch `anyOf`/`oneOf` unwrapped.
 */
export function finishDocument<T extends Doc>(doc: T): T {
  const seen = new Map<string, string>();
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries((item ?? {}) as object)) {
      if (!METHODS.has(method)) continue;
      const op = value as Operation;
      op.operationId ??= operationIdFor(method, path);
      op.summary ??= fallbackSummary(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(op.operationId);
      if (other) throw new Error(`operationId ${op.operationId} of ${where} repeats ${other}`);
      seen.set(op.operationId, where);
      for (const tag of op.tags ?? []) used.add(tag);
    }
  }
  const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag]));
  for (const name of [...used].sort()) {
    if (!declared.has(name)) {
      declared.set(name, {
        name,
        description: TAG_DESCRIPTIONS[name] ?? `Calls tagged ${name}.`,
      });
    }
  }
  const { paths, ...rest } = doc;
  return {
    ...rest,
    tags: [...declared.values()],
    ...(paths ? { paths: unwrapSingleBranches(paths) } : {}),
  } as T;
}

/** zod unions whose other branch cannot be shown in the document come out as a one-branch
 * `anyOf`; say the branch directly. */
function unwrapSingleBranches<V>(value: V): V {
  if (Array.isArray(value)) return value.map(unwrapSingleBranches) as V;
  if (value === null || typeof value !== 'object') return value;
  let entries = Object.entries(value as Record<string, unknown>);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = (value as Record<string, unknown>)[key];
    if (Array.isArray(branches) && branches.length === 1 && typeof branches[0] === 'object') {
      entries = [
        ...entries.filter(([k]) => k !== key),
        ...Object.entries(branches[0] as Record<string, unknown>),
      ];
    }
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, unwrapSingleBranches(v)])) as V;
}
