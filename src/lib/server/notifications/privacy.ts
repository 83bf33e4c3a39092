// A member's notification choices and the units they follow in their data export, and gone with
// their account.
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export { preferencesOf } from './preferences';
export { PREFERENCES_SUBJECT } from './preferences';
export { followsOf, forgetFollows } from './follows';

/** Inside the deletion's transaction: their choices go with the account. */
export async function forgetPreferences(trx: Kysely<Database>, userId: string): Promise<void> {
	await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
}
