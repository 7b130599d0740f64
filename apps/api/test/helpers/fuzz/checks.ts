/** What is wrong with an answer, and one readable line per finding. */
import type { FuzzRequest } from './requests.ts';

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at \S|\bat (?:async )?\S+ \([^)]*:\d+:\d+\)/],
  ['source position', /\.(?:ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['SQL text', /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b \S+ \bSET\b|\bDELETE FROM\b/],
  [
    'SQL engine',
    /sqlite|SQLITE_|postgres|pg_catalog|syntax error|violates|constraint failed|no such (?:table|column)|duplicate key|relation "/i,
  ],
  ['internal path', /\/work\/|\/home\/|\/tmp\/|\/usr\/|apps\/api\/src|file:\/\//],
];

/** What is wrong with an answer (empty when it is fine). */
export function problemsOf(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  if (res.statusCode >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    let message: unknown;
    try {
      message = (JSON.parse(res.body) as { message?: unknown }).message;
    } catch {
      problems.push(`${res.statusCode} body is not JSON (${type})`);
    }
    if (!type.includes('application/json')) problems.push(`${res.statusCode} content-type ${type}`);
    else if (typeof message !== 'string' || !message.trim())
      problems.push(`${res.statusCode} without a message`);
  }
  // Bodies may echo the request (a 404 names the URL): only the first 4 kB are searched for leaks.
  const text = res.body.slice(0, 4096);
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`body shows ${what}`);
  return problems;
}

export type Finding = { request: FuzzRequest; status: number; problems: string[]; body: string };

/** One line per finding, short enough to read: role, method, url, kind, status, problems. */
export function describeFinding(f: Finding): string {
  const url = f.request.url.length > 160 ? `${f.request.url.slice(0, 160)}…` : f.request.url;
  return `${f.request.role} ${f.request.method} ${url} [${f.request.kind}] → ${f.status}: ${f.problems.join('; ')} ${f.body.slice(0, 200)}`;
}
