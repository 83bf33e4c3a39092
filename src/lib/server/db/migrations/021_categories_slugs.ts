import { sql, type Kysely } from 'kysely';

// Categories of events and products as a managed list with names in both languages (issue 30):
// before, an event's category was free text shown as typed ("Fest" on the English site) and a
// product's a code the pages named from a fixed table. Each distinct value in use becomes an
// entry; its code is what the rows store, so a free-text value is turned into a code (lower case,
// letters, digits and dashes) and the rows follow. Codes are unique across both kinds, so one
// column keys them; names are the words the pages showed for the known codes, else the value as
// typed, in both languages until an admin translates it.
//
// News items and events get an English address (`slug_en`, made from the English title) beside
// their id, which was made from the Norwegian title and stays the Norwegian address:
// /en/news/nytt-styre becomes /en/news/new-board, and the old address leads there. Unique together with the ids: one address
// never names two items, in either language.

const KNOWN: Record<string, [string, string]> = {
	social: ['Sosialt', 'Social'],
	career: ['Karriere', 'Career'],
	sport: ['Idrett', 'Sports'],
	politics: ['Politikk', 'Politics'],
	academic: ['Faglig', 'Academic'],
	culture: ['Kultur', 'Culture'],
	clothing: ['Klær', 'Clothing'],
	merch: ['Effekter', 'Merchandise'],
	ticket: ['Billetter', 'Tickets']
};

/** A slug of a free-text value, '' when it has none; frozen here, as a migration must not change with the app. */
function slugOf(value: string, max: number): string {
	return value
		.trim()
		.toLowerCase()
		.replace(/æ/g, 'ae')
		.replace(/[øö]/g, 'o')
		.replace(/å/g, 'a')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, max)
		.replace(/-+$/, '');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('categories')
		/** The code the events' or products' `category` column stores; never changes. */
		.addColumn('id', 'text', (c) => c.primaryKey())
		/** `event` or `product`. */
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('name_no', 'text', (c) => c.notNull())
		.addColumn('name_en', 'text', (c) => c.notNull())
		.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		.execute();
	await db.schema
		.createIndex('categories_kind')
		.on('categories')
		.columns(['kind', 'sort'])
		.execute();

	for (const table of ['news', 'events'] as const) {
		await db.schema.alterTable(table).addColumn('slug_en', 'text').execute();
		await db.schema.createIndex(`${table}_slug_en`).on(table).column('slug_en').unique().execute();
		const { rows } = await sql<{ id: string; title_en: string }>`
			select id, title_en from ${sql.table(table)} order by id`.execute(db);
		const addresses = new Set(rows.map((n) => n.id));
		for (const item of rows) {
			const base = slugOf(item.title_en, 76);
			if (base === '' || base === item.id) continue;
			let slug = base;
			for (let n = 2; addresses.has(slug); n++) slug = `${base}-${n}`;
			addresses.add(slug);
			await sql`update ${sql.table(table)} set slug_en = ${slug} where id = ${item.id}`.execute(db);
		}
	}

	// Each code's kind: "Fest" and "fest" are one entry; a code the other kind has gets a suffix.
	const owner = new Map<string, string>();
	for (const [kind, table] of [
		['event', 'events'],
		['product', 'products']
	] as const) {
		const { rows } = await sql<{ category: string }>`
			select distinct category from ${sql.table(table)}
			where category <> 'membership' order by category`.execute(db);
		let sort = 0;
		for (const { category } of rows) {
			const wanted = slugOf(category, 40) || 'category';
			let code = wanted;
			for (let n = 2; owner.has(code) && owner.get(code) !== kind; n++) code = `${wanted}-${n}`;
			if (!owner.has(code)) {
				const [no, en] = KNOWN[code] ?? [category.trim(), category.trim()];
				sort += 10;
				await sql`insert into categories (id, kind, name_no, name_en, sort, version)
					values (${code}, ${kind}, ${no}, ${en}, ${sort}, 1)`.execute(db);
				owner.set(code, kind);
			}
			if (code !== category) {
				await sql`update ${sql.table(table)} set category = ${code}
					where category = ${category}`.execute(db);
			}
		}
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const table of ['news', 'events']) {
		await db.schema.dropIndex(`${table}_slug_en`).execute();
		await db.schema.alterTable(table).dropColumn('slug_en').execute();
	}
	await db.schema.dropTable('categories').execute();
}
