import type { Kysely } from 'kysely';

// Indexes the data-growth bench (bench/data-growth.mjs) showed missing: with 100,000 events and
// products each of these queries read the whole table on every request (EXPLAIN QUERY PLAN:
// SCAN events / SCAN products), 20–30 ms apiece on the home, events and shop pages.
// - events (starts_at, ends_at) replaces (starts_at): the list and the home page still walk it in
//   start order, and counting the upcoming events (ends_at >= now) reads the narrow index instead
//   of the rows. A separate ends_at index is worse: the planner then sorts every upcoming event.
// - events (category), products (category, active): the category filters' DISTINCT reads an index.
// - products (featured, active, slug): the home page's featured products without a scan.
// - order_lines (product_id), (order_id): sold quantities per product and an order's lines.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('events_starts').execute();
	await db.schema
		.createIndex('events_starts_ends')
		.on('events')
		.columns(['starts_at', 'ends_at'])
		.execute();
	await db.schema.createIndex('events_category').on('events').column('category').execute();
	await db.schema
		.createIndex('products_featured')
		.on('products')
		.columns(['featured', 'active', 'slug'])
		.execute();
	await db.schema
		.createIndex('products_category')
		.on('products')
		.columns(['category', 'active'])
		.execute();
	await db.schema
		.createIndex('order_lines_product')
		.on('order_lines')
		.column('product_id')
		.execute();
	await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('order_lines_order').execute();
	await db.schema.dropIndex('order_lines_product').execute();
	await db.schema.dropIndex('products_category').execute();
	await db.schema.dropIndex('products_featured').execute();
	await db.schema.dropIndex('events_category').execute();
	await db.schema.dropIndex('events_starts_ends').execute();
	await db.schema.createIndex('events_starts').on('events').column('starts_at').execute();
}
