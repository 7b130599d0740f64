import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pets')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('species', 'varchar(20)', (c) => c.notNull().defaultTo('other'))
    .addColumn('breed', 'varchar(80)')
    .addColumn('age', 'double precision')
    .addColumn('weight', 'double precision')
    .addColumn('sex', 'varchar(10)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('care_notes', 'text')
    .addColumn('medical_notes', 'text')
    .addColumn('image_path', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pets_user_created_idx')
    .on('pets')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pets').execute();
}
