/**
 * A small typed fetch client for the Pawsy API. Paths, parameters, bodies and answers come from
 * `schema.d.ts`, generated from the API's OpenAPI document (`npm run generate:client`), so a
 * call that does not fit the API does not compile.
 *
 *   const api = createClient({ baseUrl: 'https://pawsy.example', secretKey });
 *   const { token } = await api.post('/api/auth/login', { body: { email, password } });
 *   const { booking } = await api.get('/api/booking/{id}', { path: { id }, token });
 */
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** The paths that answer `method`. */
export type PathsFor<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

export type Operation<M extends Method, P extends PathsFor<M>> = NonNullable<paths[P][M]>;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the operation's success answers (2xx). */
export type Success<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? Json<R[S]> : never }[keyof R]
  : never;

type PathOption<O> = O extends { parameters: { path: infer X } } ? { path: X } : { path?: never };
type QueryOption<O> = O extends { parameters: { query: infer Q } }
  ? { query: Q }
  : O extends { parameters: { query?: infer Q } }
    ? [Exclude<Q, undefined>] extends [never]
      ? { query?: never }
      : { query?: Q }
    : { query?: never };
type BodyOption<O> = O extends { requestBody: infer B }
  ? { body: Json<B> | FormData }
  : O extends { requestBody?: infer B }
    ? [Exclude<B, undefined>] extends [never]
      ? { body?: never }
      : { body?: Json<B> | FormData }
    : { body?: never };

export type RequestOptions<O> = PathOption<O> &
  QueryOption<O> &
  BodyOption<O> & {
    /** Session token (x-auth-token) for this call; defaults to the client's `token`. */
    token?: string;
    signal?: AbortSignal;
  };

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The options argument may be left out when the operation needs none of them. */
type Args<O> = [RequiredKeys<RequestOptions<O>>] extends [never]
  ? [options?: RequestOptions<O>]
  : [options: RequestOptions<O>];

/** A non-2xx answer: the API's error body (`message`, optional `code` and field `errors`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { message?: string; code?: string; errors?: { path: string; message: string }[] };
  constructor(status: number, body: ApiError['body']) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type ClientOptions = {
  /** Origin of the API, e.g. `https://pawsy.example`; empty for the page's own origin. */
  baseUrl?: string;
  /** The application secret every /api call carries (`secret-key`). */
  secretKey: string;
  /** Default session token (`x-auth-token`). */
  token?: string;
  fetch?: typeof fetch;
};

type Untyped = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
};

export function createClient(options: ClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function request(method: Method, template: string, init: Untyped = {}) {
    const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = init.path?.[name];
      if (value === undefined) throw new Error(`missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) search.append(key, String(item));
      }
    }
    const headers: Record<string, string> = { 'secret-key': options.secretKey };
    const token = init.token ?? options.token;
    if (token) headers['x-auth-token'] = token;
    let body: FormData | string | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const query = search.size > 0 ? `?${search}` : '';
    const res = await doFetch(`${options.baseUrl ?? ''}${url}${query}`, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: init.signal,
    });
    const text = await res.text();
    const isJson = /json/.test(res.headers.get('content-type') ?? '');
    const parsed: unknown = isJson && text ? JSON.parse(text) : text;
    if (!res.ok) {
      throw new ApiError(res.status, typeof parsed === 'object' && parsed ? parsed : {});
    }
    return parsed;
  }

  const call =
    <M extends Method>(method: M) =>
    <P extends PathsFor<M>>(
      path: P,
      ...[init]: Args<Operation<M, P>>
    ): Promise<Success<Operation<M, P>>> =>
      request(method, path, init as Untyped) as Promise<Success<Operation<M, P>>>;

  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
  };
}

export type PawsyClient = ReturnType<typeof createClient>;
