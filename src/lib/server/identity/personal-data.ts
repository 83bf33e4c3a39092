// The personal-data export's contents (GDPR arts. 15 and 20; privacy.ts says who may ask): everything
// stored about a person, gathered from every domain that keeps something of theirs, as one JSON
// document. Their own data only: an act of theirs on someone else's record is there without that
// record or what they wrote on it (privacy-everywhere.test.ts checks it over the catalog).
import type { Selectable } from 'kysely';
import { applicationsFrom } from '../applications/privacy';
import { about, isAbout, type SubjectMatch } from '../audit';
import { messagesFrom } from '../contact/privacy';
import type { Database, Db } from '../db';
import type { ExpensesService } from '../expenses';
import type { FilesService } from '../files';
import { feedbackOf } from '../feedback/privacy';
import { mailSentTo } from '../mail/privacy';
import { followsOf, PREFERENCES_SUBJECT, preferencesOf } from '../notifications/privacy';
import { attendanceAndMarksOf } from '../attendance/privacy';
import { registrationsOf } from '../registration/privacy';
import { buyerRecords } from '../shop/privacy';
import { aboutUser } from './audit-subjects';
import { accountKey } from './throttle';

export const EXPORT_FORMAT = 'orgweb-personal-data/1';

export type UsersRow = Selectable<Database['users']>;

export interface PersonalDataDeps {
	db: Db;
	expenses: Pick<ExpensesService, 'personalData'>;
	files: Pick<FilesService, 'ownedBy'>;
}

/** Everything stored about `user`; `fullAccount`: payout accounts in clear (the owner's copy). */
export async function collectPersonalData(
	deps: PersonalDataDeps,
	user: UsersRow,
	options: { fullAccount: boolean; fileLink: (id: string) => string; now: Date }
) {
	const { db } = deps;
	const userId = user.id;
	const email = user.email;
	const [
		sessions,
		oauth,
		teams,
		grant,
		safetyGrant,
		sent,
		shop,
		claims,
		uploads,
		registrations,
		feed
	] = await Promise.all([
		db
			.selectFrom('sessions')
			.select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		db
			.selectFrom('oauth_accounts')
			.select(['provider', 'subject', 'created_at'])
			.where('user_id', '=', userId)
			.orderBy('created_at')
			.execute(),
		db
			.selectFrom('team_members')
			.innerJoin('units', 'units.id', 'team_members.unit_id')
			.select(['team_members.unit_id', 'units.name_no', 'units.name_en'])
			.select(['team_members.role', 'team_members.created_at'])
			.where('team_members.user_id', '=', userId)
			.orderBy('units.sort')
			.execute(),
		db.selectFrom('admin_grants').selectAll().where('user_id', '=', userId).executeTakeFirst(),
		db.selectFrom('safety_grants').selectAll().where('user_id', '=', userId).executeTakeFirst(),
		// Whom they invited is the invitee's address: left out, the rest of each invitation stays.
		db
			.selectFrom('invitations')
			.select(['unit_id', 'role', 'created_at', 'expires_at', 'accepted_at', 'revoked_at'])
			.where('invited_by', '=', userId)
			.orderBy('created_at')
			.execute(),
		buyerRecords(db, userId),
		deps.expenses.personalData(userId, { fullAccount: options.fullAccount }),
		deps.files.ownedBy(userId),
		registrationsOf(db, userId),
		// That a calendar feed exists and since when: its token is not kept, and its hash is no use.
		db
			.selectFrom('calendar_feeds')
			.select('created_at')
			.where('user_id', '=', userId)
			.executeTakeFirst()
	]);
	// About them: their account, grants and team roles, and what anyone did to their claims and
	// orders; and what they did themselves.
	const theirs: SubjectMatch[] = [
		...aboutUser(userId),
		{ type: PREFERENCES_SUBJECT, id: userId },
		...claims.map((c) => ({ type: 'expense_claim', id: c.id })),
		...shop.orders.map((o) => ({ type: 'order', id: o.id }))
	];
	const [entries, mail] = await Promise.all([
		about(db, { subjects: theirs, actor: userId }),
		mailSentTo(db, { userId, email, buyerEmails: shop.orders.map((o) => o.buyer.email) })
	]);
	const [received, contact, applications, failures] = email
		? await Promise.all([
				db
					.selectFrom('invitations')
					.select(['unit_id', 'role', 'created_at', 'expires_at', 'accepted_at', 'revoked_at'])
					.where('email', '=', email)
					.orderBy('created_at')
					.execute(),
				messagesFrom(db, email),
				applicationsFrom(db, email),
				db
					.selectFrom('login_failures')
					.select(['failures', 'last_failure_at'])
					.where('key', '=', accountKey(email))
					.executeTakeFirst()
			])
		: [[], [], [], undefined];
	const invitation = (i: (typeof sent)[number]) => ({
		unitId: i.unit_id,
		role: i.role,
		createdAt: i.created_at,
		expiresAt: i.expires_at,
		acceptedAt: i.accepted_at,
		revokedAt: i.revoked_at
	});
	return {
		format: EXPORT_FORMAT,
		exportedAt: options.now.toISOString(),
		account: {
			id: user.id,
			name: user.name,
			email: user.email,
			locale: user.locale,
			createdAt: user.created_at,
			emailVerifiedAt: user.email_verified_at,
			hasPassword: user.password_hash !== null,
			deletedAt: user.deleted_at,
			campusId: user.campus_id
		},
		sessions: sessions.map((s) => ({
			createdAt: s.created_at,
			lastSeenAt: s.last_seen_at,
			expiresAt: s.expires_at,
			revokedAt: s.revoked_at,
			userAgent: s.user_agent
		})),
		signInFailures: failures
			? { failures: failures.failures, lastFailureAt: failures.last_failure_at }
			: null,
		oauthLinks: oauth.map((o) => ({
			provider: o.provider,
			subject: o.subject,
			createdAt: o.created_at
		})),
		teamRoles: teams.map((t) => ({
			unitId: t.unit_id,
			unitName: { no: t.name_no, en: t.name_en },
			role: t.role,
			since: t.created_at
		})),
		adminGrant: grant ? { grantedAt: grant.granted_at, grantedBy: grant.granted_by } : null,
		safetyGrant: safetyGrant
			? { grantedAt: safetyGrant.granted_at, grantedBy: safetyGrant.granted_by }
			: null,
		invitationsReceived: received.map(invitation),
		invitationsSent: sent.map(invitation),
		memberships: shop.memberships,
		orders: shop.orders,
		expenseClaims: claims,
		eventRegistrations: registrations,
		calendarFeed: feed ? { createdAt: feed.created_at } : null,
		/** Which kinds of e-mail they get (notifications/kinds.ts), on or off. */
		notificationPreferences: await preferencesOf(db, userId),
		/** Their feedback on events they attended: the organisers see it without their name. */
		eventFeedback: await feedbackOf(db, userId),
		/** Whether they came to the events they were registered for, and the marks they were given. */
		...(await attendanceAndMarksOf(db, userId, new Date())),
		/** The units they follow, to hear when registration opens for their events. */
		unitsFollowed: await followsOf(db, userId),
		uploads: uploads.map((f) => ({
			id: f.id,
			purpose: f.purpose,
			name: f.originalName,
			mimeType: f.mimeType,
			size: f.size,
			createdAt: f.createdAt,
			link: options.fileLink(f.id)
		})),
		contactMessages: contact,
		jobApplications: applications,
		emailsSent: mail,
		// What they did to someone else's record is theirs as an act (what, when, to what kind of
		// record), not which record or what they wrote there: that is the other person's.
		auditEntries: entries.reverse().map((e) => {
			const own = isAbout(e, theirs);
			return {
				at: e.at,
				actor: e.actor,
				subjectType: e.subjectType,
				subjectId: own ? e.subjectId : null,
				action: e.action,
				details: own ? e.details : null
			};
		})
	};
}
