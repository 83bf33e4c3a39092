// A member's personal calendar feed (issue 33): a secret address that lists the events they hold a
// seat for, wait for or are entered in a draw for, as iCalendar, in their language. The address's
// token is 256 random bits kept only as its hash (as a session's secret is), one per member: a new
// one replaces the old, which is unknown from that moment. A calendar app has no session, so the
// token is what names the member; the feed holds only their own events and their own status.
import type { Db } from '../db';
import { record } from '../audit';
import { hashSecret, isSecretShaped, newSecret } from '../identity';
import { signedIn } from '../identity/roles';
import type { UserContext } from '../context';
import type { RegistrationService } from '../registration';
import { feedEntries, FEED_REFRESH, KEEP_ENDED_DAYS, type Site } from './feed';
import { registrationLocale } from '../registration/words';
import { calendarName } from './words';
import { toICalendar } from '../content/ical';

export type { Site } from './feed';

export const CALENDAR_FEED = 'calendar_feed';

export interface CalendarFeedsDeps {
	db: Db;
	registration: Pick<RegistrationService, 'ofMember'>;
}

export function calendarFeeds({ db, registration }: CalendarFeedsDeps) {
	return {
		/** Whether the signed-in member has a feed, and since when (its address is shown only once). */
		async status(ctx: UserContext): Promise<{ createdAt: string } | null> {
			const user = signedIn(ctx);
			const row = await db
				.selectFrom('calendar_feeds')
				.select('created_at')
				.where('user_id', '=', user.id)
				.executeTakeFirst();
			return row ? { createdAt: row.created_at } : null;
		},

		/** A new secret address for the signed-in member, replacing the one they had. */
		async renew(ctx: UserContext, now = new Date()): Promise<{ token: string; createdAt: string }> {
			const user = signedIn(ctx);
			const token = newSecret();
			const createdAt = now.toISOString();
			await db.transaction().execute(async (trx) => {
				const replaced = await trx
					.deleteFrom('calendar_feeds')
					.where('user_id', '=', user.id)
					.executeTakeFirst();
				await trx
					.insertInto('calendar_feeds')
					.values({ user_id: user.id, token_hash: hashSecret(token), created_at: createdAt })
					.execute();
				await record(trx, {
					actor: user.id,
					subjectType: CALENDAR_FEED,
					subjectId: user.id,
					action: replaced.numDeletedRows > 0n ? 'renew' : 'create',
					at: now
				});
			});
			return { token, createdAt };
		},

		/** Ends the signed-in member's feed; false when they had none. */
		async turnOff(ctx: UserContext, now = new Date()): Promise<boolean> {
			const user = signedIn(ctx);
			return db.transaction().execute(async (trx) => {
				const deleted = await trx
					.deleteFrom('calendar_feeds')
					.where('user_id', '=', user.id)
					.executeTakeFirst();
				if (deleted.numDeletedRows === 0n) return false;
				await record(trx, {
					actor: user.id,
					subjectType: CALENDAR_FEED,
					subjectId: user.id,
					action: 'delete',
					at: now
				});
				return true;
			});
		},

		/** The calendar of the feed whose address holds `token`; null for any other token. */
		async feed(token: string, site: Site, now = new Date()): Promise<{ body: string } | null> {
			if (!isSecretShaped(token)) return null;
			const owner = await db
				.selectFrom('calendar_feeds')
				.innerJoin('users', 'users.id', 'calendar_feeds.user_id')
				.select(['users.id', 'users.locale'])
				.where('calendar_feeds.token_hash', '=', hashSecret(token))
				.where('users.deleted_at', 'is', null)
				.executeTakeFirst();
			if (!owner) return null;
			const locale = registrationLocale(owner.locale);
			const endedAfter = new Date(now.getTime() - KEEP_ENDED_DAYS * 24 * 60 * 60 * 1000);
			const registrations = await registration.ofMember(owner.id, now, endedAfter);
			const events = await feedEntries(db, registrations, locale, site);
			const name = `${site.name(locale)} – ${calendarName(locale)}`;
			return { body: toICalendar(events, { name, now, refresh: FEED_REFRESH }) };
		}
	};
}

export type CalendarFeeds = ReturnType<typeof calendarFeeds>;
