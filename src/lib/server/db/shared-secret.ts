// A secret every instance of one database agrees on without configuration: the first to start
// stores its candidate, and all of them (itself included) use the stored one from then on.
import type { Db } from './index';

export async function sharedSecret(db: Db, name: string, candidate: string): Promise<string> {
	const key = `secret:${name}`;
	await db
		.insertInto('app_meta')
		.values({ key, value: candidate })
		.onConflict((oc) => oc.column('key').doNothing())
		.execute();
	const row = await db
		.selectFrom('app_meta')
		.select('value')
		.where('key', '=', key)
		.executeTakeFirstOrThrow();
	return row.value;
}
