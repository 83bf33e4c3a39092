// Notifications people control (issue 33): a member's choice per kind of e-mail, read and saved
// from their profile, and turned off by the one-click link in a mail without signing in. The
// mails themselves are written by their domains through `recordNotice` (notice.ts).
import type { UserContext } from '../context';
import type { Keyring } from '../crypto/keyring';
import type { Db } from '../db';
import { NotFound } from '../errors';
import { signedIn } from '../identity/roles';
import type { NotificationKind, Preferences } from './kinds';
import { preferencesOf, savePreferences } from './preferences';
import { readUnsubscribeToken, type Unsubscribe } from './unsubscribe-token';

export { ALWAYS_SENT, NOTIFICATION_KINDS, type NotificationKind, type Preferences } from './kinds';
export { recordNotice } from './notice';
export { noticeLinks } from './links';
export { notificationWords, type NotificationLocale } from './words';

export function notificationsService(deps: { db: Db; keyring: Keyring }) {
	const { db, keyring } = deps;

	/** The member a token names, if their account is still there. */
	async function named(token: string): Promise<Unsubscribe> {
		const read = readUnsubscribeToken(keyring, token);
		const user = read
			? await db
					.selectFrom('users')
					.select('id')
					.where('id', '=', read.userId)
					.where('deleted_at', 'is', null)
					.executeTakeFirst()
			: undefined;
		if (!read || !user) throw new NotFound('no such unsubscribe link', 'unknown_token');
		return read;
	}

	return {
		async preferences(ctx: UserContext): Promise<Preferences> {
			return preferencesOf(db, signedIn(ctx).id);
		},

		async save(ctx: UserContext, changes: Preferences, now = new Date()): Promise<Preferences> {
			const user = signedIn(ctx);
			return db
				.transaction()
				.execute((trx) =>
					savePreferences(trx, user.id, changes, { actor: user.id, action: 'update', now })
				);
		},

		/** The kind a link turns off, for its page to ask; NotFound for a link not of this site. */
		async describe(token: string): Promise<{ kind: NotificationKind }> {
			return { kind: (await named(token)).kind };
		},

		/** Turns the link's kind off; again is the same. NotFound for a link not of this site. */
		async unsubscribe(token: string, now = new Date()): Promise<{ kind: NotificationKind }> {
			const { userId, kind } = await named(token);
			await db.transaction().execute((trx) =>
				savePreferences(
					trx,
					userId,
					{ [kind]: false },
					{
						actor: userId,
						action: 'unsubscribe',
						now
					}
				)
			);
			return { kind };
		}
	};
}

export type NotificationsService = ReturnType<typeof notificationsService>;
