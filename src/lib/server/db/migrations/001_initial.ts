import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Portable DDL only (text ids, ISO text timestamps, integer money) so the same migration runs on
// SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	const localized = (t: ReturnType<Kysely<unknown>['schema']['createTable']>, ...names: string[]) =>
		names.reduce(
			(acc, n) =>
				acc
					.addColumn(`${n}_no`, 'text', (c) => c.notNull().defaultTo(''))
					.addColumn(`${n}_en`, 'text', (c) => c.notNull().defaultTo('')),
			t
		);

	await db.schema
		.createTable('users')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('email', 'text', (c) => c.unique())
		.addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
		.addColumn('password_hash', 'text')
		.addColumn('is_anonymous', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('locale', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('sessions')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('secret_hash', 'text', (c) => c.notNull().unique())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.addColumn('revoked_at', ts)
		.execute();
	await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

	await db.schema
		.createTable('campuses')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();

	await localized(
		db.schema
			.createTable('units')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('campus_id', 'text', (c) => c.notNull().references('campuses.id'))
			.addColumn('type', 'text', (c) => c.notNull())
			.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
		'name',
		'summary',
		'body'
	).execute();

	await localized(
		db.schema
			.createTable('leaders')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('campus_id', 'text', (c) => c.notNull().references('campuses.id'))
			.addColumn('unit_id', 'text', (c) => c.references('units.id'))
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('email', 'text')
			.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
		'role'
	).execute();

	await localized(
		db.schema
			.createTable('products')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('slug', 'text', (c) => c.notNull().unique())
			.addColumn('unit_id', 'text', (c) => c.references('units.id'))
			.addColumn('category', 'text', (c) => c.notNull())
			.addColumn('price_ore', 'integer', (c) => c.notNull())
			.addColumn('member_price_ore', 'integer')
			.addColumn('stock', 'integer')
			.addColumn('max_per_order', 'integer')
			.addColumn('image', 'text')
			.addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)),
		'name',
		'description'
	).execute();

	await localized(
		db.schema
			.createTable('events')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('campus_id', 'text', (c) => c.notNull().references('campuses.id'))
			.addColumn('unit_id', 'text', (c) => c.references('units.id'))
			.addColumn('category', 'text', (c) => c.notNull())
			.addColumn('location', 'text', (c) => c.notNull())
			.addColumn('starts_at', ts, (c) => c.notNull())
			.addColumn('ends_at', ts, (c) => c.notNull())
			.addColumn('price_ore', 'integer')
			.addColumn('capacity', 'integer')
			.addColumn('image', 'text')
			.addColumn('product_id', 'text', (c) => c.references('products.id')),
		'title',
		'summary',
		'body'
	).execute();
	await db.schema.createIndex('events_starts').on('events').column('starts_at').execute();

	await localized(
		db.schema
			.createTable('news')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('unit_id', 'text', (c) => c.references('units.id'))
			.addColumn('published_at', ts, (c) => c.notNull())
			.addColumn('image', 'text'),
		'title',
		'summary',
		'body'
	).execute();
	await db.schema.createIndex('news_published').on('news').column('published_at').execute();

	await localized(
		db.schema
			.createTable('jobs')
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('slug', 'text', (c) => c.notNull().unique())
			.addColumn('unit_id', 'text', (c) => c.references('units.id'))
			.addColumn('deadline', ts, (c) => c.notNull())
			.addColumn('apply_url', 'text', (c) => c.notNull()),
		'title',
		'summary',
		'body'
	).execute();

	await localized(
		db.schema.createTable('pages').addColumn('slug', 'text', (c) => c.primaryKey()),
		'title',
		'summary',
		'body'
	).execute();

	await db.schema
		.createTable('cart_reservations')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('cart_id', 'text', (c) => c.notNull())
		.addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
		.addColumn('quantity', 'integer', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('cart_reservations_expires')
		.on('cart_reservations')
		.column('expires_at')
		.execute();
	await db.schema
		.createIndex('cart_reservations_product')
		.on('cart_reservations')
		.columns(['product_id', 'expires_at'])
		.execute();
	await db.schema
		.createIndex('cart_reservations_cart')
		.on('cart_reservations')
		.column('cart_id')
		.execute();

	await db.schema
		.createTable('orders')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('status', 'text', (c) => c.notNull())
		.addColumn('provider', 'text', (c) => c.notNull())
		.addColumn('provider_session_id', 'text', (c) => c.unique())
		.addColumn('total_ore', 'integer', (c) => c.notNull())
		.addColumn('buyer_name', 'text', (c) => c.notNull())
		.addColumn('buyer_email', 'text', (c) => c.notNull())
		.addColumn('buyer_phone', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();
	await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();

	await db.schema
		.createTable('order_lines')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
		.addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('unit_price_ore', 'integer', (c) => c.notNull())
		.addColumn('quantity', 'integer', (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('order_events')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
		.addColumn('from_status', 'text')
		.addColumn('to_status', 'text', (c) => c.notNull())
		.addColumn('actor', 'text', (c) => c.notNull())
		.addColumn('at', 'text', (c) => c.notNull())
		.addColumn('note', 'text')
		.execute();
	await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();

	await db.schema
		.createTable('app_meta')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('value', 'text', (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of [
		'app_meta',
		'order_events',
		'order_lines',
		'orders',
		'cart_reservations',
		'pages',
		'jobs',
		'news',
		'events',
		'products',
		'leaders',
		'units',
		'campuses',
		'sessions',
		'users'
	]) {
		await db.schema.dropTable(table).execute();
	}
}
