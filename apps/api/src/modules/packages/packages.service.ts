import type { FastifyInstance } from 'fastify';
import type { CreatePackageBody, Package, UpdatePackageBody } from '@pawsy/contract';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { BILLING_CURRENCY, wireCurrency } from '../../lib/currency.ts';
import { changedMeanwhile, changedSince } from '../../lib/edit-conflict.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordCatalogueChange } from '../audit/index.ts';
import * as repo from './packages.repository.ts';
import { toPackage } from './packages.mapper.ts';

/** The packages anyone may buy, cheapest first. */
export async function listActivePackages(app: FastifyInstance): Promise<Package[]> {
  return (await repo.listPackages(app.db, false)).map(toPackage);
}

/** Every package, inactive ones too (the admins' management list). */
export async function listAllPackages(app: FastifyInstance): Promise<Package[]> {
  return (await repo.listPackages(app.db, true)).map(toPackage);
}

/**
 * A package by id, active or not (a renewal still needs a package that was since withdrawn);
 * 404 'Package not found' when there is none. Callers selling it check `active`.
 */
export async function getPackage(app: FastifyInstance, id: string): Promise<Package> {
  const row = await repo.findPackage(app.db, id);
  if (!row) throw notFound('Package');
  return toPackage(row);
}

/** A package as the public sees it: only an active one exists. */
export async function getActivePackage(app: FastifyInstance, id: string): Promise<Package> {
  const row = await repo.findPackage(app.db, id);
  if (!row || !row.active) throw notFound('Package');
  return toPackage(row);
}

export async function createPackage(
  app: FastifyInstance,
  admin: AuthUser,
  input: CreatePackageBody,
): Promise<Package> {
  const now = nowIso();
  const row: repo.PackageRow = {
    id: newId(),
    name: input.name,
    description: input.description ?? '',
    price_cents: input.priceCents,
    currency: wireCurrency(input.currency ?? BILLING_CURRENCY),
    interval: input.interval,
    credits_included: input.creditsIncluded,
    active: input.active === false ? 0 : 1,
    stripe_price_id: input.stripePriceId ?? null,
    created_at: now,
    updated_at: now,
  };
  await app.db.transaction().execute(async (trx) => {
    // A catalogue of plans, not a table that grows: its lists show every package.
    if ((await repo.countPackages(trx)) >= repo.PACKAGES_MAX)
      throw conflict(
        `The catalogue holds at most ${repo.PACKAGES_MAX} packages: edit or deactivate one instead`,
      );
    if (await repo.findPackageNamed(trx, row.name, null)) throw sameName();
    await repo.insertPackage(trx, row);
    await recordCatalogueChange(trx, admin.id, 'package.create', row.id, null, toPackage(row));
  });
  return toPackage(row);
}

/** 409, on the name field: two plans of one name read as one to members. */
function sameName() {
  const message = 'A package with this name already exists';
  return new AppError('CONFLICT', message, [{ path: 'name', message }]);
}

export async function updatePackage(
  app: FastifyInstance,
  admin: AuthUser,
  id: string,
  input: UpdatePackageBody,
): Promise<Package> {
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.findPackage(trx, id);
    if (!before) throw notFound('Package');
    if (changedSince(before.updated_at, input.updatedAt)) throw changedMeanwhile('package');
    if (input.name !== undefined && (await repo.findPackageNamed(trx, input.name, id)))
      throw sameName();
    const changes: Partial<repo.PackageRow> = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.priceCents !== undefined && { price_cents: input.priceCents }),
      ...(input.currency !== undefined && { currency: wireCurrency(input.currency) }),
      ...(input.interval !== undefined && { interval: input.interval }),
      ...(input.creditsIncluded !== undefined && { credits_included: input.creditsIncluded }),
      ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
      ...(input.stripePriceId !== undefined && { stripe_price_id: input.stripePriceId }),
      updated_at: nowIso(),
    };
    if (!(await repo.updatePackage(trx, id, changes, before.updated_at)))
      throw changedMeanwhile('package');
    const after = { ...before, ...changes };
    await recordCatalogueChange(
      trx,
      admin.id,
      'package.update',
      id,
      toPackage(before),
      toPackage(after),
    );
    return toPackage(after);
  });
}
