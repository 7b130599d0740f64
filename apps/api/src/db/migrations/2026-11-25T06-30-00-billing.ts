import type { Kysely } from 'kysely';

/**
 * Billing (modules/billing): one row per payment asked of a gateway (a package subscription or
 * the card part of a booking), the subscriptions those payments buy, and the gateway events
 * already handled (a webhook delivered twice is applied once).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    // Stripe's Checkout Session or invoice id; null for the sandbox.
    .addColumn('gateway_ref', 'varchar(255)', (c) => c.unique())
    .addColumn('coupon_id', 'varchar(24)')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();
  // Revenue over time (admin dashboard) and a booking's or subscription's payments.
  await db.schema
    .createIndex('payments_status_paid_idx')
    .on('payments')
    .columns(['status', 'paid_at'])
    .execute();
  await db.schema
    .createIndex('payments_reference_idx')
    .on('payments')
    .columns(['kind', 'reference_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('package_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(32)')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
    // Stripe's subscription id once the checkout completed; null for the sandbox.
    .addColumn('gateway_ref', 'varchar(255)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_status_idx')
    .on('subscriptions')
    .columns(['status', 'current_period_end'])
    .execute();
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('processed_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('payments').execute();
}
