import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_type', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('term', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('primary_services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kyc_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_notification', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dob', 'varchar(32)')
    .addColumn('emergency_phone', 'varchar(40)')
    .addColumn('bio', 'text')
    .addColumn('headline', 'varchar(160)')
    .addColumn('address', 'varchar(300)')
    .addColumn('city', 'varchar(120)')
    .addColumn('state', 'varchar(120)')
    .addColumn('zip', 'varchar(20)')
    .addColumn('country', 'varchar(120)')
    .addColumn('date_of_issue', 'varchar(32)')
    .addColumn('date_of_expiry', 'varchar(32)')
    .addColumn('document_type', 'varchar(60)')
    .addColumn('preferred_location', 'varchar(200)')
    .addColumn('pet_prefrences', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('service_rates', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('image_path', 'varchar(200)')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('deleted_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_type_created_idx')
    .on('users')
    .columns(['user_type', 'created_at'])
    .execute();
  await db.schema.createIndex('users_city_idx').on('users').column('city').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consumed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('otc_user_purpose_idx')
    .on('one_time_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
