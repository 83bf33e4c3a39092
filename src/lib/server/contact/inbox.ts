// Contact messages as the admins' inbox shows them: a status (new → handled, and back), who deals
// with one, and replies that go to the sender by mail with their message quoted. Admins only: the
// messages are people's own words to the organisation, not a unit's business. Every change is
// version-checked (two admins at once) and audited; a reply's text is kept with the message, not
// in the audit log, so that forgetting the sender (privacy.ts) takes it too.
import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import { z } from 'zod';
import { contactStatusLabel } from '$lib/contact/words';
import { formatDateTime } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { recordChange, trail } from '../audit';
import { actorNames, type TrailEntry } from '../audit/trail-entry';
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { ContactMessagesTable } from '../db/schema';
import { likeLiteral } from '../db/dialect';
import { versioned } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import type { RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import { actionLabel, fieldLabel } from './words';

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export const ContactStatusSchema = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof ContactStatusSchema>;

const Version = z.coerce.number().int().positive();

export const ContactFilterSchema = z.object({
	status: ContactStatusSchema.optional().catch(undefined),
	/** `me`: assigned to the caller; `nobody`: to no one. */
	assignee: z.enum(['me', 'nobody']).optional().catch(undefined),
	q: z.string().trim().max(200).optional().catch(undefined)
});
export type ContactFilter = z.infer<typeof ContactFilterSchema>;

export const AssignSchema = z.object({
	version: Version,
	/** A staff member's id; empty: nobody. */
	assignee: z.string().trim().max(100)
});
export const StatusSchema = z.object({ version: Version, status: ContactStatusSchema });
export const ReplySchema = z.object({
	version: Version,
	body: z.string().trim().min(1, { error: 'required' }).max(10_000, { error: 'too_long' })
});

export interface InboxContact {
	id: string;
	name: string;
	email: string;
	subject: string;
	createdAt: string;
	status: ContactStatus;
	assigneeName: string | null;
	replies: number;
}

export interface ContactReply {
	id: string;
	authorName: string;
	body: string;
	createdAt: string;
	/** Whether the mail left (SMTP took it, or the outbox is the destination). */
	sent: boolean;
}

export interface ContactDetail extends InboxContact {
	message: string;
	locale: string;
	assigneeId: string | null;
	version: number;
	replyList: ContactReply[];
	/** Who may be given the message: the admins. */
	staff: { id: string; name: string }[];
	trail: TrailEntry[];
}

export type InboxRefusal = 'not_found' | 'conflict' | 'invalid_assignee';
export type InboxResult = { ok: true; version: number } | { ok: false; reason: InboxRefusal };

const LIST_LIMIT = 200;

const SUBJECT = 'contact_message';

/** What a reply's mail quotes of the message it answers. */
const QUOTED = ['name', 'email', 'subject', 'message', 'locale', 'created_at'] as const;

/** A message quoted the way mail programs do, under a line that says who wrote it and when. */
export function quoted(
	original: { name: string; message: string; createdAt: string },
	locale: Locale
): string {
	const intro = m.contact_inbox_mail_quote(
		{ name: original.name, date: formatDateTime(original.createdAt, locale) },
		{ locale }
	);
	const lines = original.message.split(/\r?\n/).map((line) => (line ? `> ${line}` : '>'));
	return `${intro}\n${lines.join('\n')}`;
}

export function contactInbox(deps: {
	db: Db;
	roles: Pick<RolesService, 'require' | 'can'>;
	mail: Pick<Mailer, 'send'>;
	adminEmails: string[];
	/** Where the sender's answer to a reply goes: the organisation's contact address. */
	replyTo: string;
}) {
	const { db } = deps;
	const admin = (ctx: UserContext) => deps.roles.require(ctx, { action: 'admin' });

	/** The admins, by name: those of ADMIN_EMAILS with a verified address and those granted. */
	async function staff(): Promise<{ id: string; name: string }[]> {
		const rows = await db
			.selectFrom('users')
			.select(['id', 'name', 'email'])
			.where('deleted_at', 'is', null)
			.where((eb) =>
				eb.or([
					eb('id', 'in', eb.selectFrom('admin_grants').select('user_id')),
					...(deps.adminEmails.length > 0
						? [
								eb.and([
									eb(sql<string>`lower(email)`, 'in', deps.adminEmails),
									eb('email_verified_at', 'is not', null)
								])
							]
						: [])
				])
			)
			.orderBy('name')
			.execute();
		return rows.map((r) => ({ id: r.id, name: r.name || r.email || r.id }));
	}

	/**
	 * One change to the message at `version` (another version is a conflict, none not_found): the
	 * columns `change` sets, the version moved on and the audit entry of what it changed, in one
	 * transaction.
	 */
	async function changed(
		actor: string,
		id: string,
		version: number,
		action: 'assign' | 'status' | 'reply',
		now: Date,
		change: (
			trx: Db,
			before: { status: string; assignee_id: string | null }
		) => Promise<{
			set: Updateable<ContactMessagesTable>;
			before: Record<string, unknown>;
			after: Record<string, unknown>;
		}>
	): Promise<InboxResult> {
		try {
			await versioned(db, {
				table: 'contact_messages',
				key: { column: 'id', value: id },
				version,
				read: (trx) =>
					trx
						.selectFrom('contact_messages')
						.select(['status', 'assignee_id', 'version'])
						.where('id', '=', id)
						.executeTakeFirst(),
				change: async (trx, before) => {
					const done = await change(trx, before);
					return { set: done.set, done };
				},
				audit: (trx, _before, done) =>
					recordChange(trx, {
						actor,
						subjectType: SUBJECT,
						subjectId: id,
						action,
						at: now,
						before: done.before,
						after: done.after
					})
			});
			return { ok: true, version: version + 1 };
		} catch (error) {
			if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
			if (error instanceof Conflict) return { ok: false, reason: 'conflict' };
			throw error;
		}
	}

	return {
		/** New messages waiting: for the dashboard and the staff header; 0 for non-admins. */
		async newCount(ctx: UserContext): Promise<number> {
			if (!(await deps.roles.can(ctx, { action: 'admin' }))) return 0;
			const row = await db
				.selectFrom('contact_messages')
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.where('status', '=', 'new')
				.executeTakeFirstOrThrow();
			return Number(row.n);
		},

		async list(ctx: UserContext, filter: ContactFilter): Promise<InboxContact[]> {
			const user = await admin(ctx);
			let query = db
				.selectFrom('contact_messages as c')
				.leftJoin('users as a', 'a.id', 'c.assignee_id')
				.select([
					'c.id',
					'c.name',
					'c.email',
					'c.subject',
					'c.created_at',
					'c.status',
					'a.name as assignee_name',
					(eb) =>
						eb
							.selectFrom('contact_replies as r')
							.select((r) => r.fn.countAll<number>().as('n'))
							.whereRef('r.message_id', '=', 'c.id')
							.as('replies')
				])
				.orderBy('c.created_at', 'desc')
				.limit(LIST_LIMIT);
			if (filter.status) query = query.where('c.status', '=', filter.status);
			if (filter.assignee === 'me') query = query.where('c.assignee_id', '=', user.id);
			if (filter.assignee === 'nobody') query = query.where('c.assignee_id', 'is', null);
			if (filter.q) {
				const like = `%${likeLiteral(filter.q.toLowerCase())}%`;
				query = query.where((eb) =>
					eb.or(
						(['c.name', 'c.email', 'c.subject', 'c.message'] as const).map((column) =>
							eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`)
						)
					)
				);
			}
			return (await query.execute()).map((r) => ({
				id: r.id,
				name: r.name,
				email: r.email,
				subject: r.subject,
				createdAt: r.created_at,
				status: ContactStatusSchema.catch('new').parse(r.status),
				assigneeName: r.assignee_name ?? null,
				replies: Number(r.replies ?? 0)
			}));
		},

		/** One message with its replies, who may be given it, and its trail; null when not there. */
		async detail(ctx: UserContext, id: string, locale: Locale): Promise<ContactDetail | null> {
			await admin(ctx);
			const row = await db
				.selectFrom('contact_messages as c')
				.leftJoin('users as a', 'a.id', 'c.assignee_id')
				.selectAll('c')
				.select('a.name as assignee_name')
				.where('c.id', '=', id)
				.executeTakeFirst();
			if (!row) return null;
			const [replies, people, entries] = await Promise.all([
				db
					.selectFrom('contact_replies as r')
					.leftJoin('users as u', 'u.id', 'r.author_id')
					.leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
					.select(['r.id', 'r.body', 'r.created_at', 'r.author_id', 'u.name', 'o.error'])
					.where('r.message_id', '=', id)
					.orderBy('r.created_at')
					.execute(),
				staff(),
				trail(db, SUBJECT, id)
			]);
			const names = await actorNames(
				db,
				entries.map((e) => e.actor)
			);
			const staffName = new Map(people.map((p) => [p.id, p.name]));
			return {
				id: row.id,
				name: row.name,
				email: row.email,
				subject: row.subject,
				message: row.message,
				locale: row.locale,
				createdAt: row.created_at,
				status: ContactStatusSchema.catch('new').parse(row.status),
				assigneeId: row.assignee_id,
				assigneeName: row.assignee_name ?? null,
				version: row.version,
				replies: replies.length,
				replyList: replies.map((r) => ({
					id: r.id,
					authorName: r.name ?? r.author_id,
					body: r.body,
					createdAt: r.created_at,
					sent: !r.error
				})),
				staff: people,
				trail: entries.map((e) => {
					const before = (e.details.before ?? {}) as Record<string, unknown>;
					const after = (e.details.after ?? {}) as Record<string, unknown>;
					const shown = (key: string, value: unknown) => {
						if (value === null || value === undefined || value === '') return '–';
						if (key === 'assignee_id') return staffName.get(String(value)) ?? String(value);
						if (key === 'status') return contactStatusLabel(String(value), locale);
						return String(value);
					};
					const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
						(k) => k !== 'reply_id'
					);
					return {
						id: e.id,
						at: e.at,
						who: names.get(e.actor) ?? e.actor,
						action: `${SUBJECT}:${e.action}`,
						label: actionLabel(e.action, locale),
						details: keys.map(
							(k) => `${fieldLabel(k, locale)}: ${shown(k, before[k])} → ${shown(k, after[k])}`
						)
					};
				})
			};
		},

		/** Gives the message to an admin (or to nobody). */
		async assign(
			ctx: UserContext,
			id: string,
			input: z.infer<typeof AssignSchema>,
			now = new Date()
		): Promise<InboxResult> {
			const user = await admin(ctx);
			const assignee = input.assignee === '' ? null : input.assignee;
			if (assignee !== null && !(await staff()).some((s) => s.id === assignee)) {
				return { ok: false, reason: 'invalid_assignee' };
			}
			return changed(user.id, id, input.version, 'assign', now, async (_trx, before) => ({
				set: { assignee_id: assignee },
				before: { assignee_id: before.assignee_id },
				after: { assignee_id: assignee }
			}));
		},

		/** Marks the message handled, or new again. */
		async setStatus(
			ctx: UserContext,
			id: string,
			input: z.infer<typeof StatusSchema>,
			now = new Date()
		): Promise<InboxResult> {
			const user = await admin(ctx);
			return changed(user.id, id, input.version, 'status', now, async (_trx, before) => ({
				set: {
					status: input.status,
					handled_at: input.status === 'handled' ? now.toISOString() : null
				},
				before: { status: before.status },
				after: { status: input.status }
			}));
		},

		/**
		 * Answers the sender by mail, their message quoted, in the language they wrote in; the
		 * message is then handled and, when nobody had it, the replier's. The reply, the change and
		 * its audit entry are one transaction; the mail is recorded in the outbox after it, and a
		 * delivery that fails stays there with its error (the message's page says so).
		 */
		async reply(
			ctx: UserContext,
			id: string,
			input: z.infer<typeof ReplySchema>,
			now = new Date()
		): Promise<InboxResult> {
			const user = await admin(ctx);
			const replyId = randomUUID();
			// What the mail quotes, read inside the transaction that takes the message's version.
			let original = null as null | Pick<ContactMessagesTable, (typeof QUOTED)[number]>;
			const result = await changed(
				user.id,
				id,
				input.version,
				'reply',
				now,
				async (trx, before) => {
					original = await trx
						.selectFrom('contact_messages')
						.select(QUOTED)
						.where('id', '=', id)
						.executeTakeFirstOrThrow();
					await trx
						.insertInto('contact_replies')
						.values({
							id: replyId,
							message_id: id,
							author_id: user.id,
							body: input.body,
							mail_id: null,
							created_at: now.toISOString()
						})
						.execute();
					const assignee = before.assignee_id ?? user.id;
					return {
						set: { status: 'handled', handled_at: now.toISOString(), assignee_id: assignee },
						before: { status: before.status, assignee_id: before.assignee_id, reply_id: null },
						after: { status: 'handled', assignee_id: assignee, reply_id: replyId }
					};
				}
			);
			if (!result.ok || !original) return result;
			const { name, email, subject, message, locale, created_at } = original;
			const mail = await deps.mail.send(
				{
					kind: 'contact-reply',
					to: email,
					about: { address: email },
					replyTo: deps.replyTo,
					subject: `Re: ${subject}`.slice(0, 200),
					text: `${input.body}\n\n${quoted({ name, message, createdAt: created_at }, locale === 'en' ? 'en' : 'no')}`
				},
				now
			);
			await db
				.updateTable('contact_replies')
				.set({ mail_id: mail.id })
				.where('id', '=', replyId)
				.execute();
			return result;
		}
	};
}

export type ContactInbox = ReturnType<typeof contactInbox>;
