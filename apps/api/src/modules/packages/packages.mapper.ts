import type { Package } from '@pawsy/contract';
import type { PackageRow } from './packages.repository.ts';
import { wireCurrency } from '../../lib/currency.ts';

export function toPackage(row: PackageRow): Package {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    currency: wireCurrency(row.currency),
    interval: row.interval,
    creditsIncluded: row.credits_included,
    active: Boolean(row.active),
    stripePriceId: row.stripe_price_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
