import { ApiError, type ErrorBody } from './api-error';
import { getRuntimeConfig } from './runtime-config';
import { endSession, getSessionToken } from './session';

export type HttpResponse<T> = { data: T; status: number };

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** false: send no token and never treat a 401 as an expired session (login, signup…). */
  auth?: boolean;
  /** Send this token instead of the stored session's (e.g. the token returned at signup). */
  token?: string;
  signal?: AbortSignal;
};

export type UploadOptions = Omit<RequestOptions, 'body' | 'signal'> & {
  onProgress?: (percent: number) => void;
};

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/**
 * The app registers what a 401 on an authenticated call does (reset state, go to /login);
 * returns the function that puts the previous handler back.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = previous;
  };
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${getRuntimeConfig().apiBase}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function buildHeaders(options: RequestOptions): {
  headers: Record<string, string>;
  token: string | null;
} {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'secret-key': getRuntimeConfig().secretKey,
    ...options.headers,
  };
  const token =
    options.auth === false ? (options.token ?? null) : (options.token ?? getSessionToken());
  if (token) headers['x-auth-token'] = token;
  return { headers, token };
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

function settle<T>(
  status: number,
  data: unknown,
  sentToken: boolean,
  options: RequestOptions,
): HttpResponse<T> {
  if (status >= 200 && status < 300) return { data: data as T, status };
  if (status === 401 && sentToken && options.auth !== false) {
    endSession();
    onUnauthorized();
  }
  const body: ErrorBody = data && typeof data === 'object' ? (data as ErrorBody) : {};
  throw new ApiError(status, body);
}

export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const { headers, token } = buildHeaders(options);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const data = parseBody(await response.text());
  return settle<T>(response.status, data, token !== null, options);
}

/** Multipart upload with progress (fetch cannot report upload progress). */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<HttpResponse<T>> {
  const { headers, token } = buildHeaders(options);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path, options.query));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>(xhr.status, parseBody(xhr.responseText), token !== null, options));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  upload,
};
