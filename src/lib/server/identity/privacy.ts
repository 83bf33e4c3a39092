// A person's privacy rights (GDPR arts. 15, 17 and 20): they download everything stored about
// them as one JSON file, and they delete their account; an admin does either on their request.
// Both are audited: who exported whose data, who deleted which account and why.
//
// Deletion is one transaction. What identifies the person goes at once: sessions (the cookie no
// longer signs in), sign-in links, provider links, team roles, admin grant, invitations to their
// address, counted failed sign-ins, cart, contact messages, job applications sent from their address
// (with their files), event registrations (a seat they held goes to the next in line), the calendar
// feed's address and every e-mail that names them, sent to them or about them to others. The
// user row stays, anonymised ("Deleted user", no e-mail, no password, `deleted_at`), because what
// bookkeeping must keep refers to it: orders keep their lines and amounts without the buyer's name,
// address and phone; expense claims follow expenses/privacy.ts (paid ones kept without the payout
// account, open ones kept to be settled, the rest deleted with their receipts); what they did to
// others' records stays there under the anonymised id. The export (gathered in personal-data.ts)
// holds their own data only: an act of theirs on someone else's record without that record or what
// they wrote on it. Both are checked over every table of the catalog (privacy-everywhere.test.ts).
// See docs/decisions.md, 2026-11-24 and 2026-11-27.
import type { Kysely } from 'kysely';
import { removeFiles } from '../applications/erase';
import { forgetApplicant } from '../applications/privacy';
import { record, recordChange } from '../audit';
import { forgetSender } from '../contact/privacy';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import { lockRows } from '../db/dialect';
import type { ExpensesService } from '../expenses';
import { claimCounts, forgetClaimant } from '../expenses/privacy';
import { unclaimedReceipts } from '../expenses/retention';
import { forgetFeedback } from '../feedback/privacy';
import type { FilesService } from '../files';
import { errorFields, log } from '../log';
import { forgetMailNaming } from '../mail/privacy';
import type { Mailer } from '../mail';
import { forgetFollows, forgetPreferences } from '../notifications/privacy';
import { forgetAttendance } from '../attendance/privacy';
import { forgetRegistrant } from '../registration/privacy';
import { anonymiseBuyer, countOrders } from '../shop/privacy';
import { ADMIN_GRANT, SAFETY_GRANT, TEAM_MEMBER, teamMemberSubject, USER } from './audit-subjects';
import { normalizeEmail } from './index';
import { collectPersonalData, type UsersRow } from './personal-data';
import { verifyPassword } from './passwords';
import { signedIn, type RolesService } from './roles';
import { accountKey } from './throttle';

/** The name a deleted account keeps; pages show their own words for it. */
export const DELETED_NAME = 'Deleted user';
export { EXPORT_FORMAT } from './personal-data';

export type PrivacyRefusal = 'not_found' | 'wrong_password' | 'email_mismatch' | 'own_account';
export type PrivacyResult<T = object> = ({ ok: true } & T) | { ok: false; reason: PrivacyRefusal };

/** What the owner confirms a deletion with: their password, or (no password) their address. */
export type DeletionConfirmation = { password: string } | { email: string };

export interface DeletionSummary {
	sessions: number;
	teamRoles: number;
	ordersKept: number;
	claimsDeleted: number;
	claimsKept: number;
	accountsErased: number;
	filesDeleted: number;
}

export interface DeletionPreview {
	email: string;
	hasPassword: boolean;
	orders: number;
	claims: { paid: number; open: number; unbooked: number };
}

export function privacyService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	expenses: Pick<ExpensesService, 'personalData'>;
	files: Pick<FilesService, 'ownedBy' | 'delete'>;
	/** Sends the mails of those the deletion gave a seat at an event; absent: they wait in the outbox. */
	mail?: Pick<Mailer, 'deliver'>;
}) {
	const { db, roles } = deps;

	async function account(userId: string): Promise<UsersRow | undefined> {
		return db
			.selectFrom('users')
			.selectAll()
			.where('id', '=', userId)
			.where('is_anonymous', '=', 0)
			.executeTakeFirst();
	}

	/**
	 * The deletion itself, in one transaction; the receipt files it took are deleted after the
	 * commit (should that fail, the cleanup's abandoned-upload rule takes them within a day).
	 * Null when there is no live account.
	 */
	async function erase(
		userId: string,
		by: { actor: string; kind: 'self' | 'admin'; reason: string | null },
		now: Date
	): Promise<DeletionSummary | null> {
		const at = now.toISOString();
		const outcome = await db.transaction().execute(async (trx) => {
			await lockRows(trx, trx.selectFrom('users').select('id').where('id', '=', userId));
			const user = await trx
				.selectFrom('users')
				.selectAll()
				.where('id', '=', userId)
				.where('is_anonymous', '=', 0)
				.where('deleted_at', 'is', null)
				.executeTakeFirst();
			if (!user) return null;
			const email = user.email ?? '';
			const sessions = await deleteAll(trx, 'sessions', userId);
			await deleteAll(trx, 'auth_tokens', userId);
			// The calendar feed's address names them to whoever holds it: it stops answering.
			await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
			const oauth = await deleteAll(trx, 'oauth_accounts', userId);
			const teams = await trx
				.selectFrom('team_members')
				.select(['unit_id', 'role'])
				.where('user_id', '=', userId)
				.execute();
			await trx.deleteFrom('team_members').where('user_id', '=', userId).execute();
			for (const team of teams) {
				await recordChange(trx, {
					actor: by.actor,
					subjectType: TEAM_MEMBER,
					subjectId: teamMemberSubject(team.unit_id, userId),
					action: 'account_deleted',
					at: now,
					before: { role: team.role },
					after: null
				});
			}
			// The grants go with the account, each with its audit entry.
			const granted = { admin: false, safety: false };
			for (const [kind, table, subjectType] of [
				['admin', 'admin_grants', ADMIN_GRANT],
				['safety', 'safety_grants', SAFETY_GRANT]
			] as const) {
				const row = await trx
					.selectFrom(table)
					.selectAll()
					.where('user_id', '=', userId)
					.executeTakeFirst();
				if (!row) continue;
				granted[kind] = true;
				await trx.deleteFrom(table).where('user_id', '=', userId).execute();
				await recordChange(trx, {
					actor: by.actor,
					subjectType,
					subjectId: userId,
					action: 'account_deleted',
					at: now,
					before: { granted_by: row.granted_by, granted_at: row.granted_at },
					after: null
				});
			}
			if (email) {
				await trx.deleteFrom('invitations').where('email', '=', email).execute();
				await trx.deleteFrom('login_failures').where('key', '=', accountKey(email)).execute();
			}
			const orderIds = await anonymiseBuyer(trx, userId, DELETED_NAME);
			const claims = await forgetClaimant(trx, userId, now);
			const abandoned = await unclaimedReceipts(trx, { ownerId: userId });
			const contact = email ? await forgetSender(trx, email) : 0;
			const applications = email
				? await forgetApplicant(trx, email)
				: { count: 0, fileIds: [], ownerIds: [] };
			const mails = await forgetMailNaming(trx, { userId, email: user.email });
			await forgetPreferences(trx, userId);
			// Their feedback on events too: the results' figures lose their answers.
			await forgetFeedback(trx, userId);
			await forgetAttendance(trx, userId);
			await forgetFollows(trx, userId);
			// After the mail is forgotten: the promotions' mails are to others, and stay.
			const promotions = await forgetRegistrant(trx, userId, now);
			await trx
				.updateTable('users')
				.set({
					name: DELETED_NAME,
					email: null,
					password_hash: null,
					locale: null,
					email_verified_at: null,
					campus_id: null,
					deleted_at: at
				})
				.where('id', '=', userId)
				.execute();
			const fileIds = [...new Set([...claims.fileIds, ...abandoned])].sort();
			const summary: DeletionSummary = {
				sessions,
				teamRoles: teams.length,
				ordersKept: orderIds.length,
				claimsDeleted: claims.deleted,
				claimsKept: claims.kept,
				accountsErased: claims.accountsErased,
				filesDeleted: fileIds.length
			};
			// Nothing that identified the person goes into the log: counts, and who asked for it.
			await record(trx, {
				actor: by.actor,
				subjectType: USER,
				subjectId: userId,
				action: 'delete',
				at: now,
				details: {
					before: {
						deleted_at: null,
						sessions,
						team_roles: teams.length,
						admin_grant: granted.admin,
						safety_grant: granted.safety,
						oauth_links: oauth,
						contact_messages: contact,
						job_applications: applications.count,
						emails: mails
					},
					after: {
						deleted_at: at,
						sessions: 0,
						team_roles: 0,
						admin_grant: false,
						safety_grant: false,
						oauth_links: 0,
						contact_messages: 0,
						job_applications: 0,
						emails: 0
					},
					by: by.kind,
					...(by.reason ? { reason: by.reason } : {}),
					kept: { orders: orderIds.length, claims: claims.kept },
					deleted: { claims: claims.deleted, files: fileIds.length },
					accounts_erased: claims.accountsErased
				}
			});
			return { summary, fileIds, applications, promotions };
		});
		if (!outcome) return null;
		for (const p of outcome.promotions) if (p.mailId) await deps.mail?.deliver(p.mailId);
		await removeFiles(db, deps.files, outcome.applications);
		for (const id of outcome.fileIds) {
			try {
				await deps.files.delete(id);
			} catch (error) {
				log.error('deleted account: receipt not removed', { file: id, ...errorFields(error) });
			}
		}
		return outcome.summary;
	}

	async function exportFor(
		actor: string,
		user: UsersRow,
		kind: 'self' | 'admin',
		fileLink: (id: string) => string,
		now: Date
	) {
		// Written first: an export that was handed out is always on record.
		await record(db, {
			actor,
			subjectType: USER,
			subjectId: user.id,
			action: 'export',
			at: now,
			details: { by: kind }
		});
		return collectPersonalData(deps, user, { fullAccount: kind === 'self', fileLink, now });
	}

	return {
		/** The caller's own data, the payout accounts of their claims in full. */
		async exportOwn(ctx: UserContext, fileLink: (id: string) => string, now = new Date()) {
			const user = signedIn(ctx);
			const row = await account(user.id);
			if (!row || row.deleted_at) return null;
			return exportFor(user.id, row, 'self', fileLink, now);
		},

		/** An admin's copy of someone's data, on their request; payout accounts masked. */
		async exportFor(
			ctx: UserContext,
			userId: string,
			fileLink: (id: string) => string,
			now = new Date()
		) {
			const caller = await roles.require(ctx, { action: 'admin' });
			const row = await account(userId);
			if (!row) return null;
			return exportFor(caller.id, row, 'admin', fileLink, now);
		},

		/** What deleting the caller's account would keep and take, and how to confirm it. */
		async deletionPreview(ctx: UserContext): Promise<DeletionPreview | null> {
			const user = signedIn(ctx);
			const row = await account(user.id);
			if (!row || row.deleted_at || !row.email) return null;
			const [orders, claims] = await Promise.all([
				countOrders(db, user.id),
				claimCounts(db, user.id)
			]);
			return { email: row.email, hasPassword: row.password_hash !== null, orders, claims };
		},

		/**
		 * Deletes the caller's own account, confirmed by their password (or, for an account without
		 * one, by typing its address).
		 */
		async deleteOwnAccount(
			ctx: UserContext,
			confirmation: DeletionConfirmation,
			now = new Date()
		): Promise<PrivacyResult<{ summary: DeletionSummary }>> {
			const user = signedIn(ctx);
			const row = await account(user.id);
			if (!row || row.deleted_at || !row.email) return { ok: false, reason: 'not_found' };
			if (row.password_hash !== null) {
				const password = 'password' in confirmation ? confirmation.password : '';
				if (!(await verifyPassword(row.password_hash, password))) {
					return { ok: false, reason: 'wrong_password' };
				}
			} else if (
				!('email' in confirmation) ||
				normalizeEmail(confirmation.email) !== normalizeEmail(row.email)
			) {
				return { ok: false, reason: 'email_mismatch' };
			}
			const summary = await erase(user.id, { actor: user.id, kind: 'self', reason: null }, now);
			return summary ? { ok: true, summary } : { ok: false, reason: 'not_found' };
		},

		/**
		 * An admin deletes someone's account on their request, with the request's reason. Not their
		 * own: that is the profile's, where it takes their password.
		 */
		async deleteAccount(
			ctx: UserContext,
			input: { userId: string; reason: string },
			now = new Date()
		): Promise<PrivacyResult<{ summary: DeletionSummary }>> {
			const caller = await roles.require(ctx, { action: 'admin' });
			if (caller.id === input.userId) return { ok: false, reason: 'own_account' };
			const summary = await erase(
				input.userId,
				{ actor: caller.id, kind: 'admin', reason: input.reason },
				now
			);
			return summary ? { ok: true, summary } : { ok: false, reason: 'not_found' };
		}
	};
}

async function deleteAll(
	trx: Kysely<Database>,
	table: 'sessions' | 'auth_tokens' | 'oauth_accounts',
	userId: string
): Promise<number> {
	const result = await trx.deleteFrom(table).where('user_id', '=', userId).executeTakeFirst();
	return Number(result.numDeletedRows);
}

export type PrivacyService = ReturnType<typeof privacyService>;
export type PersonalData = NonNullable<Awaited<ReturnType<PrivacyService['exportOwn']>>>;
