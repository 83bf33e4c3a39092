// Notifications people control (issue 33): a member's choice per kind of e-mail, read and saved
// from their profile, and turned off by the one-click link in a mail without signing in. The
// mails themselves are written by their domains through `recordNotice` (notice.ts).
import type { UserContext } from '../context';
import { isPublic } from '../content/visibility';
import type { Keyring } from '../crypto/keyring';
import type { Db } from '../db';
import { NotFound } from '../errors';
import type { Mailer } from '../mail';
import { drainOutbox, type Drained } from '../mail/drain';
import { signedIn } from '../identity/roles';
import type { NotificationKind, Preferences } from './kinds';
import { isFollowing, setFollowing } from './follows';
import { preferencesOf, savePreferences } from './preferences';
import { sendRegistrationOpens, sendReminders } from './senders';
import { readUnsubscribeToken, type Unsubscribe } from './unsubscribe-token';

export { ALWAYS_SENT, NOTIFICATION_KINDS, type NotificationKind, type Preferences } from './kinds';
export { recordNotice } from './notice';
export { noticeLinks } from './links';
export { notificationWords, type NotificationLocale } from './words';

export interface NoticesRun extends Drained {
	/** Notices written by this run: reminders and registration openings. */
	reminders: number;
	registrationOpens: number;
}

export function notificationsService(deps: {
	db: Db;
	keyring: Keyring;
	/** Sends the queued notices; absent: they wait in the outbox. */
	mail?: Pick<Mailer, 'deliver' | 'canSend'>;
	/** The drain's bound (MAIL_RATE_PER_MINUTE). */
	ratePerMinute?: number;
}) {
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
		/**
		 * The scheduled run (every minute, or the cron route): writes the reminders and registration
		 * openings that came due, each once, then sends what the rate allows of the queued notices.
		 */
		async runDue(now = new Date()): Promise<NoticesRun> {
			const reminders = await sendReminders(db, now);
			const registrationOpens = await sendRegistrationOpens(db, now);
			const drained = deps.mail
				? await drainOutbox(db, deps.mail, { ratePerMinute: deps.ratePerMinute ?? 120, now })
				: { sent: 0, failed: 0 };
			return { reminders, registrationOpens, ...drained };
		},

		/** Whether the signed-in member follows the unit; null for a visitor. */
		async following(ctx: UserContext, unitId: string): Promise<boolean | null> {
			const user = ctx.user && !ctx.user.isAnonymous ? ctx.user : null;
			return user ? isFollowing(db, user.id, unitId) : null;
		},

		/** Follows a public unit or stops following it; NotFound for a unit not public. */
		async follow(ctx: UserContext, unitId: string, follow: boolean, now = new Date()) {
			const user = signedIn(ctx);
			const unit = await db
				.selectFrom('units')
				.select('id')
				.where('id', '=', unitId)
				.where(isPublic('units', now.toISOString()))
				.executeTakeFirst();
			if (!unit) throw new NotFound('unknown unit', 'unknown_unit');
			await setFollowing(db, user.id, unitId, follow, now);
			return { following: follow };
		},

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
