import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Checkout and membership. Portable DDL, like 001. Membership plans are sold as products (so they
// go through the same cart, checkout and payment); the plan table says what a paid line grants.
// The four plans are catalogue data the /membership page needs, so they are inserted here rather
// than by the demo seed; existing databases get them too.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	// The buyer's locale at checkout: the confirmation e-mail is written in it.
	await db.schema.alterTable('orders').addColumn('locale', 'text').execute();
	await db.schema
		.createIndex('orders_status_updated')
		.on('orders')
		.columns(['status', 'updated_at'])
		.execute();

	await db.schema
		.createTable('membership_plans')
		.addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id'))
		/** semester | year */
		.addColumn('period', 'text', (c) => c.notNull())
		/** student | regular */
		.addColumn('audience', 'text', (c) => c.notNull())
		.addColumn('months', 'integer', (c) => c.notNull())
		.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();

	await db.schema
		.createTable('memberships')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
		.addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
		.addColumn('starts_at', ts, (c) => c.notNull())
		.addColumn('ends_at', ts, (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		// One grant per paid order line, however often the payment is reported.
		.addUniqueConstraint('memberships_order_product', ['order_id', 'product_id'])
		.execute();
	await db.schema
		.createIndex('memberships_user_ends')
		.on('memberships')
		.columns(['user_id', 'ends_at'])
		.execute();

	const plans = [
		[
			'semester',
			'student',
			6,
			20_000,
			'Medlemskap, semester (student)',
			'Membership, semester (student)'
		],
		['semester', 'regular', 6, 35_000, 'Medlemskap, semester', 'Membership, semester'],
		[
			'year',
			'student',
			12,
			35_000,
			'Medlemskap, helår (student)',
			'Membership, full year (student)'
		],
		['year', 'regular', 12, 60_000, 'Medlemskap, helår', 'Membership, full year']
	] as const;
	const products = plans.map(([period, audience, , price, no, en]) => ({
		id: `membership-${period}-${audience}`,
		slug: `membership-${period}-${audience}`,
		unit_id: null,
		category: 'membership',
		price_ore: price,
		member_price_ore: null,
		stock: null,
		max_per_order: 1,
		image: null,
		featured: 0,
		active: 1,
		name_no: no,
		name_en: en,
		description_no: '',
		description_en: ''
	}));
	const untyped = db as Kysely<Record<string, Record<string, unknown>>>;
	await untyped.insertInto('products').values(products).execute();
	await untyped
		.insertInto('membership_plans')
		.values(
			plans.map(([period, audience, months], sort) => ({
				product_id: `membership-${period}-${audience}`,
				period,
				audience,
				months,
				sort
			}))
		)
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('memberships').execute();
	await db.schema.dropTable('membership_plans').execute();
	const untyped = db as Kysely<Record<string, Record<string, unknown>>>;
	await untyped.deleteFrom('products').where('category', '=', 'membership').execute();
	await db.schema.dropIndex('orders_status_updated').execute();
	await db.schema.alterTable('orders').dropColumn('locale').execute();
}
