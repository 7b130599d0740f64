import type { Kysely } from 'kysely';

/**
 * Coupons and their redemptions (modules/coupons) and subscription packages (modules/packages).
 * code_lower is unique so two codes differing only in case can never coexist; a redemption row is
 * unique per payment so one payment redeems a coupon at most once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('code_lower', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(32)')
    .addColumn('valid_to', 'varchar(32)')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The admin list: newest first.
  await db.schema
    .createIndex('coupons_created_idx')
    .on('coupons')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('coupon_id', 'varchar(24)', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('payment_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_user_idx')
    .on('coupon_redemptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('packages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('credits_included', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('stripe_price_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The public list: active packages, cheapest first.
  await db.schema
    .createIndex('packages_active_price_idx')
    .on('packages')
    .columns(['active', 'price_cents', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('packages').execute();
}
