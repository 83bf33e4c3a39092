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
import type { UserContext } from '../context';
import type { Keyring } from '../crypto/keyring';
import { unitExists } from '../content/sql/units';
import type { Db } from '../db';
import { hashPassword, verifyPassword } from '../identity/passwords';
import type { RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import { accessLog, writeLog } from './access-log';
import { conversation, insertMessage } from './conversation';
import { safetyNotices } from './notices';
import { newReceiptCode, normaliseReceiptCode, receiptHash } from './receipt';
import { field, opener } from './sealed';
import { staffChange, type SafetyReport } from './staff-change';
import { summaries, summaryOf } from './summaries';
import type { ChangeResult, ReportDetail, ReporterView, ReportSummary } from './types';

export type * from './types';

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
	const open = opener(keyring);

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

	async function reporterView(r: SafetyReport): Promise<ReporterView> {
		return {
			status: r.status as SafetyStatus,
			createdAt: r.created_at,
			body: open(r.body, field(r.id, 'body')),
			name: open(r.reporter_name, field(r.id, 'name')),
			email: open(r.reporter_email, field(r.id, 'email')),
			messages: await conversation(db, open, r.id, false)
		};
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
			if (unitId && !(await unitExists(db, unitId))) return { ok: false, reason: 'unknown_unit' };
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
				await insertMessage(trx, keyring, {
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
			const rows = await summaries(db, filter)
				.orderBy('safety_reports.created_at', 'desc')
				.orderBy('safety_reports.id', 'desc')
				.limit(500)
				.execute();
			return rows.map(summaryOf);
		},

		/** One report for the safety team, its reading written to its access log; null: none. */
		async report(ctx: UserContext, id: string, now = new Date()): Promise<ReportDetail | null> {
			const user = await roles.require(ctx, { action: 'safety' }, now);
			const row = await summaries(db)
				.select(['safety_reports.version', 'safety_reports.body'])
				.where('safety_reports.id', '=', id)
				.executeTakeFirst();
			if (!row) return null;
			await writeLog(db, { reportId: id, actor: user.id, action: 'read', at: now });
			const [messages, log] = await Promise.all([
				conversation(db, open, id, true),
				accessLog(db, id)
			]);
			return {
				...summaryOf(row),
				version: row.version,
				body: open(row.body, field(id, 'body')),
				reporterName: open(row.reporter_name, field(id, 'name')),
				reporterEmail: open(row.reporter_email, field(id, 'email')),
				messages,
				log
			};
		},

		async setStatus(
			ctx: UserContext,
			id: string,
			input: { status: SafetyStatus; version: number },
			now = new Date()
		): Promise<ChangeResult> {
			return staffChange(
				deps,
				ctx,
				{ reportId: id, version: input.version, now },
				async (_, row) =>
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
			const result = await staffChange(
				deps,
				ctx,
				{ reportId: id, version: input.version, now },
				async (trx, row, userId) => {
					await insertMessage(trx, keyring, {
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
				}
			);
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
