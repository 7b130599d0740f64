export type TokenPayload = {
  id: string;
  email?: string;
  userType?: string;
  role?: string;
  exp?: number;
  [claim: string]: unknown;
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it (the server verifies); null when undecodable. */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const id = (payload as { id?: unknown }).id ?? (payload as { _id?: unknown })._id;
    if (typeof id !== 'string' || id === '') return null;
    return { ...(payload as Record<string, unknown>), id } as TokenPayload;
  } catch {
    return null;
  }
}
