// The ladder is one site-wide setting, kept where the site keeps its own settings (app_meta, as
// JSON under `marks_ladder`); the default until an admin saves one. A stored value that no longer
// parses (a ladder of an older shape) reads as the default rather than breaking registration.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { DEFAULT_LADDER, Ladder } from './ladder';

type Tx = Kysely<Database>;

const KEY = 'marks_ladder';

export async function loadLadder(db: Tx): Promise<Ladder> {
	const row = await db
		.selectFrom('app_meta')
		.select('value')
		.where('key', '=', KEY)
		.executeTakeFirst();
	if (!row) return DEFAULT_LADDER;
	try {
		const parsed = Ladder.safeParse(JSON.parse(row.value));
		return parsed.success ? parsed.data : DEFAULT_LADDER;
	} catch {
		return DEFAULT_LADDER;
	}
}

export async function storeLadder(db: Tx, ladder: Ladder): Promise<void> {
	const value = JSON.stringify(ladder);
	await db
		.insertInto('app_meta')
		.values({ key: KEY, value })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute();
}
