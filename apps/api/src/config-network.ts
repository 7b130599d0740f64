import net from 'node:net';

/*
 * The settings that decide who may reach the server: the development defaults that must not face
 * a network (a server on a non-loopback HOST refuses to start with them) and TRUST_PROXY's list of
 * proxies whose forwarded addresses are believed. config.ts reads them; nothing else does.
 */

export const DEV_SECRET_KEY = 'pawsy-dev-secret-key';
export const DEV_JWT_SECRET = 'pawsy-dev-jwt-secret-change-me-in-production';
/** The demo admin's published password (seed/users.seed.ts); never acceptable off loopback. */
export const DEMO_ADMIN_PASSWORD = 'PawsyAdmin!2026';

/** Hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || (net.isIPv4(h) && h.startsWith('127.'));
}

type EnvLike = {
  SECRET_KEY?: string | undefined;
  JWT_SECRET?: string | undefined;
  ADMIN_EMAIL?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
  DEMO_DATA?: boolean | undefined;
  NODE_ENV: string;
};

/**
 * Development defaults that must not face a network: a server on a non-loopback HOST refuses
 * to start with them, naming the setting to change.
 */
export function exposedHostProblems(env: EnvLike): { key: string; message: string }[] {
  const problems: { key: string; message: string }[] = [];
  const exposed = 'is a development default; set your own before listening beyond loopback';
  if (!env.SECRET_KEY || env.SECRET_KEY === DEV_SECRET_KEY)
    problems.push({ key: 'SECRET_KEY', message: `SECRET_KEY ${exposed}` });
  if (!env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET)
    problems.push({ key: 'JWT_SECRET', message: `JWT_SECRET ${exposed}` });
  if (env.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD)
    problems.push({
      key: 'ADMIN_PASSWORD',
      message: 'ADMIN_PASSWORD is the published demo password',
    });
  const demoData = env.DEMO_DATA ?? env.NODE_ENV !== 'production';
  if (demoData && !(env.ADMIN_EMAIL && env.ADMIN_PASSWORD))
    problems.push({
      key: 'DEMO_DATA',
      message:
        'demo data would create admin@pawsy.test with its published password; set DEMO_DATA=false or ADMIN_EMAIL and ADMIN_PASSWORD',
    });
  return problems;
}

/** TRUST_PROXY: off/false/0 → false; a positive integer → hops; else a list of IPs or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [addr, bits, extra] = entry.split('/');
    if (extra !== undefined || !addr || net.isIP(addr) === 0) return false;
    if (bits === undefined) return true;
    const max = net.isIPv4(addr) ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  return valid && entries.length > 0 ? entries : null;
}
