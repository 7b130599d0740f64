/**
 * Zod 4 compiles object parsers with `new Function` unless told not to, and probes for it on the
 * first object schema even when it may not: under our CSP (`script-src 'self'`) that probe is
 * blocked and the browser logs a Content Security Policy issue on every screen with a form.
 * Zod reads its settings from this global (shared by every copy of zod on the page), so setting
 * it here, before any module builds a schema, turns the compiler off without loading zod into
 * the first-paint JavaScript. main.tsx imports this module first.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
