import type { RequestFormValues } from './request-form-model';

/**
 * What the owner has typed into /request-form, so a reload of the tab (or a tap on a link and
 * Back) does not empty it, as checkout and /forgot-password survive one. Kept per address (a
 * form for another sitter starts fresh) in sessionStorage, which logout clears; forgotten once
 * the request goes on to checkout or the owner starts over.
 */
const TYPING_KEY = 'requestFormTyping';

type Typing = { address: string; values: RequestFormValues };

const MODES: ReadonlySet<string> = new Set(['direct', 'open', 'invite']);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

function isFormValues(value: unknown): value is RequestFormValues {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.service === 'string' &&
    isStringList(v.pets) &&
    isStringOrNull(v.start) &&
    isStringOrNull(v.end) &&
    typeof v.notes === 'string' &&
    typeof v.mode === 'string' &&
    MODES.has(v.mode) &&
    isStringOrNull(v.providerId) &&
    isStringList(v.inviteProviderIds)
  );
}

export function rememberTyping(address: string, values: RequestFormValues): void {
  const typing: Typing = { address, values };
  sessionStorage.setItem(TYPING_KEY, JSON.stringify(typing));
}

export function forgetTyping(): void {
  sessionStorage.removeItem(TYPING_KEY);
}

/** The values typed into the form at this address before a reload, if any. */
export function typedValues(address: string): RequestFormValues | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TYPING_KEY) ?? 'null') as Typing | null;
    if (saved?.address === address && isFormValues(saved.values)) return saved.values;
  } catch {
    // Not ours or damaged: a fresh form.
  }
  return null;
}
