import { formatCents } from '../../lib/money';
import type { Package } from './packages-api';

/** "$15.00 / month" */
export function formatPackagePrice(pkg: Pick<Package, 'priceCents' | 'currency' | 'interval'>) {
  return `${formatCents(pkg.priceCents, pkg.currency.toUpperCase())} / ${pkg.interval}`;
}
