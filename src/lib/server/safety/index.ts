// Safety reports (varsling): sent by anyone, anonymously unless the reporter gives a name and an
// e-mail; followed up by the reporter with a receipt code and a passphrase; read and answered by
// the safety role only (roles.ts `safety`: SAFETY_EMAILS and safety_grants, never admins as such).
// Every text is encrypted with the site's keyring, bound to its row and column. Every read and
// change by the safety team is written to the report's own access log (not the site's audit log,
// which admins read), in the change's transaction.
import { randomUUID } from 'node:crypto';
import type { Locale } from '$lib/i18n';
import type { SafetyStatus } from '$lib/safety/statuses';
import type { SafetyFilter, SafetyReportForm } from '$lib/schemas/safety';
import { sortableId } from '../audit';
import { actorNames } from '../audit/trail-entry';
import type { UserContext } from '../context';
import { KeyError, type Keyring } from '../crypto/keyring';
import type { Selectable } from 'kysely';
import type { Database, Db } from '../db';
import type { SafetyReportsTable } from '../db/schema';
import { versioned } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import { hashPassword, verifyPassword } from '../identity/passwords';
import type { RolesService } from '../identity/roles';
import { errorFields, log } from '../log';
import type { Mailer } from '../mail';
import { safetyNotices } from './notices';
import { newReceiptCode, normaliseReceiptCode, receiptHash } from './receipt';

export type Author = 'reporter' | 'staff';
export type AccessAction = 'read' | 'status' | 'reply';

export interface ConversationMessage {
	id: string;
	author: Author;
	/** The staff member who wrote it, by name; shown to the safety team only. */
	staffName?: string | null;
	/** Null when it cannot be decrypted (a key missing on this machine). */
	body: string | null;
	at: string;
}

/** What the reporter sees with their code and passphrase: never who of the team wrote. */
export interface ReporterView {
	status: SafetyStatus;
	createdAt: string;
	body: string | null;
	name: string | null;
	email: string | null;
	messages: ConversationMessage[];
}

export interface ReportSummary {
	id: string;
	createdAt: string;
	updatedAt: string;
	status: SafetyStatus;
	unitId: string | null;
	unitName: { no: string; en: string } | null;
	locale: string;
	/** The reporter gave a name or an e-mail. */
	named: boolean;
	lastMessageBy: Author;
	/** The reporter wrote again after the report, and the team has not answered since. */
	reporterReplied: boolean;
}

export interface AccessEntry {
	id: string;
	at: string;
	actor: string;
	actorName: string;
	action: AccessAction;
	details: Record<string, unknown> | null;
}

export interface ReportDetail extends ReportSummary {
	version: number;
	body: string | null;
	reporterName: string | null;
	reporterEmail: string | null;
	messages: ConversationMessage[];
	log: AccessEntry[];
}

/** What one change by the safety team sets on the report, and how its access log tells it. */
interface StaffChange {
	status?: SafetyStatus;
	lastMessageBy?: Author;
	action: AccessAction;
	details: object;
}
type SafetyReport = Selectable<SafetyReportsTable>;

export type ChangeResult =
	{ ok: true; version: number } | { ok: false; reason: 'not_found' | 'conflict' | 'unchanged' };

const field = (id: string, column: 'body' | 'name' | 'email') => `safety_report:${id}:${column}`;
const messageAad = (id: string) => `safety_message:${id}`;

export function safetyService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require' | 'can'>;
	keyring: Keyring;
	mail?: Pick<Mailer, 'send'>;
	/** SAFETY_EMAILS, lower case: the team the notices of new reports and replies go to. */
	safetyEmails?: string[];
}) {
	const { db, roles, keyring } = deps;
	const notices = safetyNotices({ ...deps, safetyEmails: deps.safetyEmails ?? [] });

	function open(stored: string | null, aad: string): string | null {
		if (stored === null) return null;
		try {
			return keyring.decrypt(stored, aad);
		} catch (error) {
			if (!(error instanceof KeyError)) throw error;
			log.error('safety report unreadable', { aad, ...errorFields(error) });
			return null;
		}
	}

	async function conversation(reportId: string, forStaff: boolean) {
		const rows = await db
			.selectFrom('safety_messages')
			.selectAll()
			.where('report_id', '=', reportId)
			.orderBy('created_at')
			.orderBy('id')
			.execute();
		const names = forStaff
			? await actorNames(
					db,
					rows.flatMap((r) => (r.staff_id ? [r.staff_id] : []))
				)
			: new Map<string, string>();
		return rows.map((r): ConversationMessage => ({
			id: r.id,
			author: r.author as Author,
			...(forStaff ? { staffName: r.staff_id ? (names.get(r.staff_id) ?? null) : null } : {}),
			body: open(r.body, messageAad(r.id)),
			at: r.created_at
		}));
	}

	/** The report a code and passphrase open, or null: the same for a wrong code and a wrong passphrase. */
	async function reportOf(code: string, passphrase: string) {
		const canonical = normaliseReceiptCode(code);
		const row = canonical
			? await db
					.selectFrom('safety_reports')
					.selectAll()
					.where('receipt_hash', '=', receiptHash(canonical))
					.executeTakeFirst()
			: undefined;
		// No report: a dummy hash is verified all the same, so timing does not tell which was wrong.
		const ok = await verifyPassword(row?.passphrase_hash ?? null, passphrase);
		return ok && row ? row : null;
	}

	async function reporterView(r: Selectable<SafetyReportsTable>): Promise<ReporterView> {
		return {
			status: r.status as SafetyStatus,
			createdAt: r.created_at,
			body: open(r.body, field(r.id, 'body')),
			name: open(r.reporter_name, field(r.id, 'name')),
			email: open(r.reporter_email, field(r.id, 'email')),
			messages: await conversation(r.id, false)
		};
	}

	function summaries(filter: Partial<SafetyFilter> = {}) {
		let query = db
			.selectFrom('safety_reports')
			.leftJoin('units', 'units.id', 'safety_reports.unit_id')
			.select([
				'safety_reports.id',
				'safety_reports.created_at',
				'safety_reports.updated_at',
				'safety_reports.status',
				'safety_reports.unit_id',
				'safety_reports.locale',
				'safety_reports.reporter_name',
				'safety_reports.reporter_email',
				'safety_reports.last_message_by',
				'units.name_no',
				'units.name_en'
			])
			.select((eb) =>
				eb
					.exists(
						eb
							.selectFrom('safety_messages')
							.select('safety_messages.id')
							.whereRef('safety_messages.report_id', '=', 'safety_reports.id')
							.where('safety_messages.author', '=', 'reporter')
					)
					.as('reporter_wrote')
			);
		if (filter.status) query = query.where('safety_reports.status', '=', filter.status);
		if (filter.unit) query = query.where('safety_reports.unit_id', '=', filter.unit);
		return query;
	}

	type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];
	const summaryOf = (r: SummaryRow): ReportSummary => ({
		id: r.id,
		createdAt: r.created_at,
		updatedAt: r.updated_at,
		status: r.status as SafetyStatus,
		unitId: r.unit_id,
		unitName: r.unit_id && r.name_no ? { no: r.name_no, en: r.name_en ?? r.name_no } : null,
		locale: r.locale,
		named: r.reporter_name !== null || r.reporter_email !== null,
		lastMessageBy: r.last_message_by as Author,
		// SQLite answers exists() with 0 or 1, PostgreSQL with a boolean.
		reporterReplied: r.last_message_by === 'reporter' && !!r.reporter_wrote
	});

	async function writeLog(
		trx: Db,
		entry: { reportId: string; actor: string; action: AccessAction; details?: object; at: Date }
	) {
		await trx
			.insertInto('safety_access_log')
			.values({
				id: sortableId(entry.at.getTime()),
				report_id: entry.reportId,
				actor: entry.actor,
				action: entry.action,
				details: entry.details ? JSON.stringify(entry.details) : null,
				at: entry.at.toISOString()
			})
			.execute();
	}

	/**
	 * One change by the safety team under the report's version: the change itself, the row moved
	 * to the next version and its access-log entry, together; refused when the version moved on
	 * meanwhile. `work` answering null changes nothing.
	 */
	async function change(
		ctx: UserContext,
		reportId: string,
		version: number,
		now: Date,
		work: (
			trx: Db,
			row: Selectable<SafetyReportsTable>,
			userId: string
		) => Promise<StaffChange | null>
	): Promise<ChangeResult> {
		// Asked before the transaction: on SQLite the roles store would wait for its connection.
		const user = await roles.require(ctx, { action: 'safety' }, now);
		try {
			const answer = await versioned<Database, SafetyReport, StaffChange, 'unchanged'>(db, {
				table: 'safety_reports',
				key: { column: 'id', value: reportId },
				version,
				read: (trx) =>
					trx
						.selectFrom('safety_reports')
						.selectAll()
						.where('id', '=', reportId)
						.executeTakeFirst(),
				change: async (trx, row) => {
					const done = await work(trx, row, user.id);
					if (!done) return { refused: 'unchanged' as const };
					return {
						set: {
							updated_at: now.toISOString(),
							...(done.status ? { status: done.status } : {}),
							...(done.lastMessageBy ? { last_message_by: done.lastMessageBy } : {})
						},
						done
					};
				},
				audit: (trx, _row, done) =>
					writeLog(trx, {
						reportId,
						actor: user.id,
						action: done.action,
						details: done.details,
						at: now
					})
			});
			if (answer === 'unchanged') return { ok: false, reason: 'unchanged' };
			return { ok: true, version: version + 1 };
		} catch (error) {
			if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
			if (error instanceof Conflict) return { ok: false, reason: 'conflict' };
			throw error;
		}
	}

	async function insertMessage(
		trx: Db,
		input: { reportId: string; author: Author; staffId: string | null; body: string; at: Date }
	) {
		const id = randomUUID();
		await trx
			.insertInto('safety_messages')
			.values({
				id,
				report_id: input.reportId,
				author: input.author,
				staff_id: input.staffId,
				body: keyring.encrypt(input.body, messageAad(id)),
				created_at: input.at.toISOString()
			})
			.execute();
	}

	return {
		/** The units a report may concern, for the form and the list's filter. */
		async unitChoices(): Promise<{ id: string; name: { no: string; en: string } }[]> {
			const rows = await db
				.selectFrom('units')
				.select(['id', 'name_no', 'name_en'])
				.where('draft', '=', 0)
				.orderBy('sort')
				.orderBy('id')
				.execute();
			return rows.map((r) => ({ id: r.id, name: { no: r.name_no, en: r.name_en } }));
		},

		/**
		 * A new report. Its receipt code is returned once and stored only as a hash. A filled
		 * honeypot is a bot: it gets a code like anyone, and nothing is stored. The safety team is
		 * told that there is a new report (nothing of it).
		 */
		async submit(
			form: SafetyReportForm,
			where: { locale: Locale; origin: string },
			now = new Date()
		): Promise<{ ok: true; receipt: string } | { ok: false; reason: 'unknown_unit' }> {
			const receipt = newReceiptCode();
			if (form.website.trim() !== '') return { ok: true, receipt };
			const unitId = form.unitId || null;
			if (unitId) {
				const unit = await db
					.selectFrom('units')
					.select('id')
					.where('id', '=', unitId)
					.executeTakeFirst();
				if (!unit) return { ok: false, reason: 'unknown_unit' };
			}
			const id = randomUUID();
			const at = now.toISOString();
			const passphraseHash = await hashPassword(form.passphrase);
			await db
				.insertInto('safety_reports')
				.values({
					id,
					receipt_hash: receiptHash(receipt),
					passphrase_hash: passphraseHash,
					body: keyring.encrypt(form.body, field(id, 'body')),
					reporter_name: form.name ? keyring.encrypt(form.name, field(id, 'name')) : null,
					reporter_email: form.email ? keyring.encrypt(form.email, field(id, 'email')) : null,
					unit_id: unitId,
					locale: where.locale,
					status: 'new',
					last_message_by: 'reporter',
					created_at: at,
					updated_at: at
				})
				.execute();
			await notices.tellTeam('safety-new-report', where.origin, now);
			return { ok: true, receipt };
		},

		/** The report and its conversation for its reporter; null for any wrong code or passphrase. */
		async follow(input: { code: string; passphrase: string }): Promise<ReporterView | null> {
			const row = await reportOf(input.code, input.passphrase);
			return row ? reporterView(row) : null;
		},

		/**
		 * The reporter writes again. On a closed report this reopens it as new: someone of the team
		 * must see it, and the team is told there is something new. Null for any wrong code or
		 * passphrase.
		 */
		async replyAsReporter(
			input: { code: string; passphrase: string; message: string; origin: string },
			now = new Date()
		): Promise<ReporterView | null> {
			const row = await reportOf(input.code, input.passphrase);
			if (!row) return null;
			await db.transaction().execute(async (trx) => {
				await insertMessage(trx, {
					reportId: row.id,
					author: 'reporter',
					staffId: null,
					body: input.message,
					at: now
				});
				await trx
					.updateTable('safety_reports')
					.set((eb) => ({
						version: eb('version', '+', 1),
						updated_at: now.toISOString(),
						last_message_by: 'reporter',
						...(row.status === 'closed' ? { status: 'new' } : {})
					}))
					.where('id', '=', row.id)
					.execute();
			});
			await notices.tellTeam('safety-reporter-reply', input.origin, now);
			return reporterView({ ...row, status: row.status === 'closed' ? 'new' : row.status });
		},

		/** The safety team's list, newest first: no report's text, so reading it is not logged. */
		async list(
			ctx: UserContext,
			filter: Partial<SafetyFilter> = {},
			now = new Date()
		): Promise<ReportSummary[]> {
			await roles.require(ctx, { action: 'safety' }, now);
			const rows = await summaries(filter)
				.orderBy('safety_reports.created_at', 'desc')
				.orderBy('safety_reports.id', 'desc')
				.limit(500)
				.execute();
			return rows.map(summaryOf);
		},

		/** One report for the safety team, its reading written to its access log; null: none. */
		async report(ctx: UserContext, id: string, now = new Date()): Promise<ReportDetail | null> {
			const user = await roles.require(ctx, { action: 'safety' }, now);
			const row = await summaries()
				.select(['safety_reports.version', 'safety_reports.body'])
				.where('safety_reports.id', '=', id)
				.executeTakeFirst();
			if (!row) return null;
			await writeLog(db, { reportId: id, actor: user.id, action: 'read', at: now });
			const [messages, entries] = await Promise.all([
				conversation(id, true),
				db
					.selectFrom('safety_access_log')
					.selectAll()
					.where('report_id', '=', id)
					.orderBy('id')
					.execute()
			]);
			const names = await actorNames(
				db,
				entries.map((e) => e.actor)
			);
			return {
				...summaryOf(row),
				version: row.version,
				body: open(row.body, field(id, 'body')),
				reporterName: open(row.reporter_name, field(id, 'name')),
				reporterEmail: open(row.reporter_email, field(id, 'email')),
				messages,
				log: entries.map((e) => ({
					id: e.id,
					at: e.at,
					actor: e.actor,
					actorName: names.get(e.actor) ?? e.actor,
					action: e.action as AccessAction,
					details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : null
				}))
			};
		},

		async setStatus(
			ctx: UserContext,
			id: string,
			input: { status: SafetyStatus; version: number },
			now = new Date()
		): Promise<ChangeResult> {
			return change(ctx, id, input.version, now, async (_, row) =>
				row.status === input.status
					? null
					: {
							status: input.status,
							action: 'status',
							details: { from: row.status, to: input.status }
						}
			);
		},

		/**
		 * An answer to the reporter; a new report is then in review. A reporter who gave an e-mail
		 * is told that there is one (not what it says, nor who wrote it), with a link to the
		 * follow-up page; their address is kept in the outbox only encrypted (notices.ts).
		 */
		async reply(
			ctx: UserContext,
			id: string,
			input: { message: string; version: number; origin: string },
			now = new Date()
		): Promise<ChangeResult> {
			let notify: { email: string; locale: string } | null = null;
			const result = await change(ctx, id, input.version, now, async (trx, row, userId) => {
				await insertMessage(trx, {
					reportId: id,
					author: 'staff',
					staffId: userId,
					body: input.message,
					at: now
				});
				const email = open(row.reporter_email, field(id, 'email'));
				if (email) notify = { email, locale: row.locale };
				const opens = row.status === 'new';
				return {
					lastMessageBy: 'staff',
					...(opens ? { status: 'in_review' as const } : {}),
					action: 'reply',
					details: opens ? { from: 'new', to: 'in_review' } : {}
				};
			});
			if (result.ok && notify) await notices.answered(notify, input.origin, now);
			return result;
		},

		/** Reports waiting for the safety team (status new); 0 for anyone without the role. */
		newCount
	};

	async function newCount(ctx: UserContext, now = new Date()): Promise<number> {
		if (!(await roles.can(ctx, { action: 'safety' }, now))) return 0;
		const row = await db
			.selectFrom('safety_reports')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('status', '=', 'new')
			.executeTakeFirstOrThrow();
		return Number(row.n);
	}
}

export type SafetyService = ReturnType<typeof safetyService>;
