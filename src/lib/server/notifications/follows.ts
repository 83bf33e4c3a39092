// Following a unit: a member who follows one hears when registration opens for its events (as its
// team's members do). Kept in unit_follows; in the member's data export; gone with their account,
// and with the unit.
import type { Kysely } from 'kysely';
import type { Database } from '../db';

type Tx = Kysely<Database>;

export async function isFollowing(db: Tx, userId: string, unitId: string): Promise<boolean> {
	const row = await db
		.selectFrom('unit_follows')
		.select('unit_id')
		.where('user_id', '=', userId)
		.where('unit_id', '=', unitId)
		.executeTakeFirst();
	return row !== undefined;
}

/** Follows or stops following; again is the same. */
export async function setFollowing(
	db: Tx,
	userId: string,
	unitId: string,
	follow: boolean,
	now: Date
): Promise<void> {
	if (!follow) {
		await db
			.deleteFrom('unit_follows')
			.where('user_id', '=', userId)
			.where('unit_id', '=', unitId)
			.execute();
		return;
	}
	await db
		.insertInto('unit_follows')
		.values({ user_id: userId, unit_id: unitId, created_at: now.toISOString() })
		.onConflict((c) => c.columns(['user_id', 'unit_id']).doNothing())
		.execute();
}

/** The units a member follows, for their data export. */
export async function followsOf(db: Tx, userId: string) {
	const rows = await db
		.selectFrom('unit_follows')
		.select(['unit_id', 'created_at'])
		.where('user_id', '=', userId)
		.orderBy('unit_id')
		.execute();
	return rows.map((r) => ({ unitId: r.unit_id, since: r.created_at }));
}

/** Inside the account deletion's transaction. */
export async function forgetFollows(trx: Tx, userId: string): Promise<void> {
	await trx.deleteFrom('unit_follows').where('user_id', '=', userId).execute();
}
