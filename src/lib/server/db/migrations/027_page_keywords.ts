import type { Kysely } from 'kysely';

// Search keywords of a page, per locale (the admin's content editor): words visitors use for what
// the page is about that its text does not say ("office" for the contact page). The assistant's
// retrieval and the site search read them; no page shows them.
export async function up(db: Kysely<unknown>): Promise<void> {
	for (const column of ['keywords_no', 'keywords_en']) {
		await db.schema
			.alterTable('pages')
			.addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
			.execute();
	}
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const column of ['keywords_no', 'keywords_en']) {
		await db.schema.alterTable('pages').dropColumn(column).execute();
	}
}
