/** The driver: sends the drawn requests for every (operation, role) pair, tallies the answers. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import type { TestApp } from '../app.ts';
import { problemsOf, type Finding } from './checks.ts';
import { refreshSessions, type Fixtures } from './fixtures.ts';
import { operationsOf, ROLES, type Role } from './operations.ts';
import { requestArb, setSecretKey, type FuzzRequest } from './requests.ts';

export type FuzzResult = {
  seed: number;
  requests: number;
  byStatusClass: Record<string, number>;
  byStatus: Record<number, number>;
  operations: number;
  operationsCovered: Set<string>;
  roles: Set<Role>;
  findings: Finding[];
};

/**
 * Sends `perPair` requests for every (operation, role) pair, drawn with `seed`, and collects the
 * answers. Deterministic for one seed and one document.
 */
export async function runFuzz(
  t: TestApp,
  fx: Fixtures,
  opts: { seed: number; perPair: number; secretKey: string; onProgress?: (done: number) => void },
): Promise<FuzzResult> {
  setSecretKey(opts.secretKey);
  const ops = operationsOf(t.app);
  const result: FuzzResult = {
    seed: opts.seed,
    requests: 0,
    byStatusClass: {},
    byStatus: {},
    operations: ops.length,
    operationsCovered: new Set(),
    roles: new Set(),
    findings: [],
  };
  let pairIndex = 0;
  for (const op of ops) {
    await refreshSessions(t, fx);
    for (const role of ROLES) {
      const requests = fc.sample(requestArb(op, role, fx), {
        seed: opts.seed + pairIndex++,
        numRuns: opts.perPair,
      });
      for (const req of requests) {
        const res = await send(t.app, req);
        result.requests += 1;
        result.operationsCovered.add(`${op.method} ${op.path}`);
        result.roles.add(role);
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        result.byStatusClass[cls] = (result.byStatusClass[cls] ?? 0) + 1;
        result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
        const problems = problemsOf(res);
        if (problems.length)
          result.findings.push({
            request: req,
            status: res.statusCode,
            problems,
            body: res.body.slice(0, 500),
          });
        opts.onProgress?.(result.requests);
      }
    }
  }
  return result;
}

async function send(app: FastifyInstance, req: FuzzRequest): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LightMyRequestResponse>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          statusCode: 599,
          body: '{"message":"no answer within 15 s"}',
          headers: { 'content-type': 'application/json' },
        } as unknown as LightMyRequestResponse),
      15_000,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: req.method as InjectOptions['method'],
        url: req.url,
        headers: req.headers,
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
