// A member's saved choices, one row per kind they set; a kind without a row is on. Turning a kind
// off or on writes the audit log (subject `notification_preferences`, the member's id).
import type { Kysely } from 'kysely';
import { recordChange } from '../audit';
import type { Database } from '../db';
import { ALWAYS_SENT, DEFAULT_PREFERENCES, NotificationKind, type Preferences } from './kinds';

type Tx = Kysely<Database>;

export const PREFERENCES_SUBJECT = 'notification_preferences';

export async function preferencesOf(db: Tx, userId: string): Promise<Preferences> {
	const rows = await db
		.selectFrom('notification_preferences')
		.select(['kind', 'enabled'])
		.where('user_id', '=', userId)
		.execute();
	const saved = { ...DEFAULT_PREFERENCES };
	for (const row of rows) {
		const kind = NotificationKind.safeParse(row.kind);
		if (kind.success && !ALWAYS_SENT.has(kind.data)) saved[kind.data] = row.enabled === 1;
	}
	return saved;
}

/** Whether a mail of `kind` is to be sent to the member: read inside the caller's transaction. */
export async function wants(db: Tx, userId: string, kind: NotificationKind): Promise<boolean> {
	if (ALWAYS_SENT.has(kind)) return true;
	const row = await db
		.selectFrom('notification_preferences')
		.select('enabled')
		.where('user_id', '=', userId)
		.where('kind', '=', kind)
		.executeTakeFirst();
	return row ? row.enabled === 1 : DEFAULT_PREFERENCES[kind];
}

/**
 * Saves the kinds named in `changes` (a kind always sent is left as it is), audited by `actor` (the
 * member, or the member's unsubscribe link). Returns the preferences as saved.
 */
export async function savePreferences(
	db: Tx,
	userId: string,
	changes: Partial<Preferences>,
	by: { actor: string; action: 'update' | 'unsubscribe'; now: Date }
): Promise<Preferences> {
	const before = await preferencesOf(db, userId);
	const after = { ...before };
	for (const [kind, enabled] of Object.entries(changes) as [NotificationKind, boolean][]) {
		if (ALWAYS_SENT.has(kind) || before[kind] === enabled) continue;
		after[kind] = enabled;
		const values = { enabled: enabled ? 1 : 0, updated_at: by.now.toISOString() };
		await db
			.insertInto('notification_preferences')
			.values({ user_id: userId, kind, ...values })
			.onConflict((c) => c.columns(['user_id', 'kind']).doUpdateSet(values))
			.execute();
	}
	await recordChange(db, {
		actor: by.actor,
		subjectType: PREFERENCES_SUBJECT,
		subjectId: userId,
		action: by.action,
		at: by.now,
		before,
		after
	});
	return after;
}
