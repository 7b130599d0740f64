export type RuntimeConfig = {
  /** Value sent in the `secret-key` header of every API call. */
  secretKey: string;
  /** Prefix of every API URL; empty when the API is served from the same origin. */
  apiBase: string;
  /** How long before its start a sitter may start a booking (BOOKING_START_LEAD_MINUTES). */
  startLeadMinutes: number;
  /** How long before its start a started booking may be completed (BOOKING_COMPLETE_LEAD_MINUTES). */
  completeLeadMinutes: number;
};

const FALLBACK: RuntimeConfig = {
  secretKey: import.meta.env.VITE_SECRET_KEY ?? 'pawsy-dev-secret-key',
  apiBase: import.meta.env.VITE_API_BASE ?? '',
  startLeadMinutes: 120,
  completeLeadMinutes: 0,
};

/**
 * The server that serves index.html injects `<meta name="pawsy-config" content="{…}">`, so one
 * build runs in every environment. Tests and a bare `vite preview` fall back to dev values.
 */
export function getRuntimeConfig(): RuntimeConfig {
  const meta =
    typeof document === 'undefined' ? null : document.querySelector('meta[name="pawsy-config"]');
  const raw = meta?.getAttribute('content');
  if (!raw) return FALLBACK;
  try {
    const parsed = JSON.parse(raw) as Partial<RuntimeConfig>;
    const minutes = (value: unknown, fallback: number) =>
      typeof value === 'number' && value >= 0 ? value : fallback;
    return {
      secretKey: typeof parsed.secretKey === 'string' ? parsed.secretKey : FALLBACK.secretKey,
      apiBase:
        typeof parsed.apiBase === 'string' ? parsed.apiBase.replace(/\/$/, '') : FALLBACK.apiBase,
      startLeadMinutes: minutes(parsed.startLeadMinutes, FALLBACK.startLeadMinutes),
      completeLeadMinutes: minutes(parsed.completeLeadMinutes, FALLBACK.completeLeadMinutes),
    };
  } catch {
    return FALLBACK;
  }
}
