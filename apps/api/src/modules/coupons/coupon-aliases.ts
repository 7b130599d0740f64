import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** Other spellings of a coupon's fields that clients commonly send → the contract's names. */
const FIELD_ALIASES: Record<string, string> = {
  discountType: 'kind',
  type: 'kind',
  discountValue: 'value',
  startsAt: 'validFrom',
  startDate: 'validFrom',
  expiresAt: 'validTo',
  expiryDate: 'validTo',
  endDate: 'validTo',
  maxUses: 'maxRedemptions',
  usageLimit: 'maxRedemptions',
  isActive: 'active',
};
const KIND_ALIASES: Record<string, string> = {
  percentage: 'percent',
  fixed: 'amount',
  flat: 'amount',
};

/**
 * preValidation hook of the coupon writes: renames the aliases (and `percentOff` / `amountOff`,
 * which carry the kind in their name) before the body is checked, so one schema judges them all.
 * A canonical field sent as well wins over its alias.
 */
export async function normalizeCouponBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const input = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const target = FIELD_ALIASES[key];
    if (target === undefined) out[key] = value;
    else if (!(target in input)) out[target] = value;
  }
  const isSent = (field: string) => out[field] !== undefined && out[field] !== null;
  if (isSent('percentOff') && isSent('amountOff'))
    refuse('amountOff', 'Send percentOff or amountOff, not both');
  for (const [field, kind] of [
    ['percentOff', 'percent'],
    ['amountOff', 'amount'],
  ] as const) {
    if (!isSent(field)) {
      delete out[field];
      continue;
    }
    const sentKind =
      typeof out.kind === 'string'
        ? (KIND_ALIASES[out.kind.toLowerCase()] ?? out.kind.toLowerCase())
        : undefined;
    if (sentKind !== undefined && sentKind !== kind)
      refuse(field, `${field} cannot go with kind '${sentKind}'`);
    if (out.kind === undefined) out.kind = kind;
    if (out.value === undefined) out.value = out[field];
    delete out[field];
  }
  if (typeof out.kind === 'string')
    out.kind = KIND_ALIASES[out.kind.toLowerCase()] ?? out.kind.toLowerCase();
  request.body = out;
}

/** A body whose discount fields contradict each other: 400 naming the field (never a silent pick). */
function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION', message, [{ path, message }]);
}
