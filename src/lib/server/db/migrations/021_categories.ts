import { sql, type Kysely } from 'kysely';

// Categories of events and products as a managed list with names in both languages (issue 30):
// before, an event's category was free text shown as typed ("Fest" on the English site) and a
// product's a code the pages named from a fixed table. Each distinct value in use becomes an
// entry; its code is what the rows store, so a free-text value is turned into a code (lower case,
// letters, digits and dashes) and the rows follow. Codes are unique across both kinds, so one
// column keys them; names are the words the pages showed for the known codes, else the value as
// typed, in both languages until an admin translates it.

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

/** A code from a free-text value; frozen here, as a migration must not change with the app. */
function codeOf(value: string): string {
	const code = value
		.trim()
		.toLowerCase()
		.replace(/æ/g, 'ae')
		.replace(/[øö]/g, 'o')
		.replace(/å/g, 'a')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 40);
	return code || 'category';
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
			const wanted = codeOf(category);
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
	await db.schema.dropTable('categories').execute();
}
