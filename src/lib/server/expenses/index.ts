// Expense claims: what the /fs pages call. Every status change goes through workflow.ts; every
// refusal is a reason code (`{ ok: false, reason }`), never a half-written claim. Another user's
// claim answers not_found unless the caller approves for a unit it was submitted to, or is an
// admin (visibility.ts); the payout account is shown in full to the claimant only.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { record, trail, type AuditRecord } from '../audit';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import { signedIn, type RolesService } from '../identity/roles';
import { recordMail, type MailMessage, type Mailer } from '../mail';
import { AccountKeyError, maskAccount, formatAccount, type AccountKeyring } from './account';
import { errorFields, log } from '../log';
import { findDuplicates, merchantKey, type Duplicate } from './duplicates';
import {
	claimSchema,
	osloDate,
	type ClaimInput,
	type ExpenseLimits,
	type LineInput,
	type ParsedClaim
} from './input';
import {
	decisionMail,
	financeNeededMail,
	submittedMail,
	toPayMail,
	type MailClaim,
	type Recipient,
	type Told
} from './mails';
import { claimTotals, type ClaimTotals } from './money';
import { queueNames, receiptFiles, type QueueNames, type ReceiptFile } from './listing';
import { claimNames, type ClaimNames } from './names';
import { claimantRecords, eraseAccountIfClaimantDeleted, type ExportedClaim } from './privacy';
import { recordSubmission, submittedUnits, type ClaimViewer } from './visibility';
import {
	allowedActions,
	applyTransition,
	decide,
	step,
	waitingOn,
	type Actor,
	type Authority,
	type ClaimAction,
	type ClaimStatus,
	type Refusal
} from './workflow';

export type { ExpenseLimits } from './input';
export type { Told } from './mails';
export type { ClaimStatus } from './workflow';
export type { ClaimNames } from './names';
export type { QueueNames, ReceiptFile } from './listing';

export type ExpenseRefusal =
	| Refusal
	| 'not_found'
	| 'invalid'
	| 'incomplete'
	| 'reason_required'
	| 'payout_date'
	| 'account_unreadable'
	| 'confirm_required';

export type Refused = { ok: false; reason: ExpenseRefusal; issues?: z.core.$ZodIssue[] };

const SUBJECT = 'expense_claim';

/**
 * A person's saves of a draft less than this apart are one "changed the claim" entry in its
 * history: the form saves itself seconds after each change, and a row per save drowned the steps
 * that matter.
 */
export const EDIT_SESSION_MS = 30 * 60_000;

export interface ExpenseLine {
	id: string;
	kind: 'receipt' | 'mileage';
	date: string;
	description: string;
	merchant: string | null;
	amountOre: number;
	currency: string | null;
	originalHundredths: number | null;
	distanceM: number | null;
	rateOrePerKm: number | null;
	from: string | null;
	to: string | null;
	fileId: string | null;
	/** Above the limit a leader may approve alone. */
	overLimit: boolean;
}

export interface ClaimSummary {
	id: string;
	claimantId: string;
	campusId: string;
	unitId: string;
	purpose: string;
	status: ClaimStatus;
	totals: ClaimTotals;
	version: number;
	createdAt: string;
	submittedAt: string | null;
	decidedAt: string | null;
	paidAt: string | null;
	payoutDate: string | null;
}

export interface ClaimDetail extends ClaimSummary {
	eventId: string | null;
	projectId: string | null;
	rejectionReason: string | null;
	/** In full for the claimant, masked for everyone else; null when not given or erased. */
	payoutAccount: string | null;
	accountErased: boolean;
	/** Stored, but the configured keys cannot decrypt it (a lost or wrong EXPENSE_ACCOUNT_KEY). */
	accountUnreadable: boolean;
	lines: ExpenseLine[];
	overLimit: boolean;
	/** Possible duplicates on other claims; only approvers see them. */
	duplicates: Duplicate[];
	trail: AuditRecord[];
	/** Names to print instead of ids (claimant, campus, unit, event, project, trail actors). */
	names: ClaimNames;
	/** The lines' receipt files by id: name, type and whether a thumbnail exists. */
	receipts: Record<string, ReceiptFile>;
	/** What the caller may do now. */
	actions: ClaimAction[];
	viewer: { isClaimant: boolean; authority: Authority };
}

type ClaimRow = Database['expense_claims'];
type LineRow = Database['expense_lines'];

export function expensesService(deps: {
	db: Db;
	roles: Pick<RolesService, 'can' | 'rolesOf'>;
	keyring: AccountKeyring;
	limits: ExpenseLimits;
	/** Hands recorded e-mails to SMTP after the commit; absent: they stay in the outbox. */
	mail?: Pick<Mailer, 'deliver'> | null;
	/** Absolute links in e-mails: PUBLIC_ORIGIN. */
	origin?: string;
	/**
	 * Who uploaded each stored file (the files port); a receipt may only name the caller's own
	 * uploads. Ids it does not know are absent from the map.
	 */
	fileUploaders?: (fileIds: string[]) => Promise<Map<string, string>>;
	/** Told of a submitted claim when its unit has no leader or finance role with an e-mail. */
	adminEmails?: string[];
	now?: () => Date;
}) {
	const { db, roles, keyring, limits } = deps;
	const now = deps.now ?? (() => new Date());
	const origin = deps.origin ?? '';

	async function authorityOf(ctx: UserContext, unitId: string): Promise<Authority> {
		if (await roles.can(ctx, { action: 'unit-role', unitId, roles: ['finance'] })) return 'finance';
		if (await roles.can(ctx, { action: 'unit-role', unitId, roles: ['leader'] })) return 'leader';
		return 'none';
	}

	/**
	 * The claim and what the caller is to it, or null when the caller may not know it exists: the
	 * one rule for the claim's page, PDF, receipts and decisions (visibility.ts). Besides its
	 * claimant, whoever approves for a unit it was submitted to may open it; deciding is for the
	 * approvers of the unit whose queue it is in now (its current unit, once submitted there).
	 * Roles are asked before any transaction opens: on SQLite the roles store shares the one
	 * connection a transaction holds.
	 */
	async function access(ctx: UserContext, id: string) {
		const user = signedIn(ctx);
		const claim = await db
			.selectFrom('expense_claims')
			.selectAll()
			.where('id', '=', id)
			.executeTakeFirst();
		if (!claim) return null;
		const isClaimant = claim.claimant_id === user.id;
		const units = await submittedUnits(db, id);
		const authority = units.includes(claim.unit_id)
			? await authorityOf(ctx, claim.unit_id)
			: 'none';
		let visible = isClaimant || authority !== 'none';
		for (const unitId of units) {
			if (visible) break;
			visible = (await authorityOf(ctx, unitId)) !== 'none';
		}
		if (!visible) return null;
		const actor: Actor = { userId: user.id, isClaimant, authority };
		return { claim, actor };
	}

	/** The caller as a reader of lists of claims: their own, and their units' queues. */
	async function viewerOf(ctx: UserContext): Promise<ClaimViewer> {
		const mine = await roles.rolesOf(ctx);
		return {
			userId: signedIn(ctx).id,
			admin: mine.admin,
			unitIds: mine.units
				.filter((u) => u.role === 'leader' || u.role === 'finance')
				.map((u) => u.unitId)
		};
	}

	function parseClaim(input: ClaimInput): { ok: true; claim: ParsedClaim } | Refused {
		const parsed = claimSchema(limits, osloDate(now())).safeParse(input);
		if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error.issues };
		return { ok: true, claim: parsed.data };
	}

	/** Unit of the campus, event and project that exist; a foreign key would answer a 500. */
	async function checkReferences(
		claim: ParsedClaim,
		userId: string,
		claimId: string | null
	): Promise<Refused | null> {
		const issue = (path: (string | number)[], message = 'unknown') =>
			({
				ok: false,
				reason: 'invalid',
				issues: [{ code: 'custom', message, path, input: undefined }]
			}) as Refused;
		const refused = await checkFiles(claim, userId, claimId);
		if (refused !== null) return issue(['lines', refused, 'fileId'], 'file');
		const unit = await db
			.selectFrom('units')
			.select('campus_id')
			.where('id', '=', claim.unitId)
			.executeTakeFirst();
		if (!unit || unit.campus_id !== claim.campusId) return issue(['unitId']);
		if (claim.eventId) {
			const event = await db
				.selectFrom('events')
				.select('id')
				.where('id', '=', claim.eventId)
				.executeTakeFirst();
			if (!event) return issue(['eventId']);
		}
		if (claim.projectId) {
			const project = await db
				.selectFrom('projects')
				.select('id')
				.where('id', '=', claim.projectId)
				.executeTakeFirst();
			if (!project) return issue(['projectId']);
		}
		return null;
	}

	/**
	 * The index of the first line whose file the caller may not attach: one another user uploaded
	 * (attaching it would let the caller read it through their own claim) or one that does not
	 * exist. Files already on this claim stay allowed. Without `fileUploaders` nothing is checked.
	 */
	async function checkFiles(
		claim: ParsedClaim,
		userId: string,
		claimId: string | null
	): Promise<number | null> {
		if (!deps.fileUploaders) return null;
		const ids = claim.lines.map((l) => (l.kind === 'receipt' ? l.fileId : null));
		const wanted = [...new Set(ids.filter((f): f is string => f !== null))];
		if (wanted.length === 0) return null;
		const onClaim = new Set(
			claimId
				? (
						await db
							.selectFrom('expense_lines')
							.select('file_id')
							.where('claim_id', '=', claimId)
							.where('file_id', 'in', wanted)
							.execute()
					).map((r) => r.file_id)
				: []
		);
		const uploaders = await deps.fileUploaders(wanted.filter((f) => !onClaim.has(f)));
		const index = ids.findIndex(
			(f) => f !== null && !onClaim.has(f) && uploaders.get(f) !== userId
		);
		return index === -1 ? null : index;
	}

	async function insertLines(trx: Kysely<Database>, claimId: string, lines: LineInput[]) {
		if (lines.length === 0) return;
		await trx
			.insertInto('expense_lines')
			.values(
				lines.map((line, position) => ({
					id: randomUUID(),
					claim_id: claimId,
					position,
					kind: line.kind,
					date: line.date,
					description: line.description,
					merchant: line.kind === 'receipt' ? line.merchant : null,
					merchant_key: line.kind === 'receipt' ? merchantKey(line.merchant) : null,
					amount_ore: line.amountOre,
					currency: line.kind === 'receipt' ? line.currency : null,
					original_hundredths: line.kind === 'receipt' ? line.originalHundredths : null,
					distance_m: line.kind === 'mileage' ? line.distanceM : null,
					rate_ore_per_km: line.kind === 'mileage' ? line.rateOrePerKm : null,
					from_place: line.kind === 'mileage' ? line.from : null,
					to_place: line.kind === 'mileage' ? line.to : null,
					file_id: line.kind === 'receipt' ? line.fileId : null
				}))
			)
			.execute();
	}

	async function linesOf(trx: Kysely<Database>, claimId: string): Promise<LineRow[]> {
		return trx
			.selectFrom('expense_lines')
			.selectAll()
			.where('claim_id', '=', claimId)
			.orderBy('position')
			.execute();
	}

	/**
	 * Who must act next in `roleNames` of the unit (never the claimant), each with an address;
	 * when the unit has nobody there, the site's admins (ADMIN_EMAILS) but the claimant, who can
	 * act in every unit; else nobody.
	 */
	async function whoActs(
		trx: Kysely<Database>,
		unitId: string,
		roleNames: ('leader' | 'finance')[],
		claimantId: string
	): Promise<{ group: Told['group']; people: Recipient[] }> {
		const rows = await trx
			.selectFrom('team_members')
			.innerJoin('users', 'users.id', 'team_members.user_id')
			.select(['users.name', 'users.email', 'users.locale'])
			.distinct()
			.where('team_members.unit_id', '=', unitId)
			.where('team_members.role', 'in', roleNames)
			.where('users.id', '!=', claimantId)
			.where('users.email', 'is not', null)
			.orderBy('users.email')
			.execute();
		if (rows.length > 0) {
			return {
				group: roleNames.includes('leader') ? 'approvers' : 'finance',
				people: rows.map((r) => ({ name: r.name, email: r.email!, locale: r.locale }))
			};
		}
		const emails = deps.adminEmails ?? [];
		if (emails.length === 0) return { group: 'nobody', people: [] };
		// Their names and languages, where they have an account; the claimant is no admin here.
		const accounts = await trx
			.selectFrom('users')
			.select(['id', 'name', 'email', 'locale'])
			.where('email', 'in', emails)
			.execute();
		const people = emails
			.map((email) => {
				const account = accounts.find((a) => a.email === email);
				if (account?.id === claimantId) return null;
				return { name: account?.name || email, email, locale: account?.locale ?? null };
			})
			.filter((r): r is Recipient => r !== null);
		return people.length > 0 ? { group: 'admins', people } : { group: 'nobody', people: [] };
	}

	async function mailClaim(
		trx: Kysely<Database>,
		claim: ClaimRow
	): Promise<{
		mailClaim: MailClaim;
		claimant: Recipient | null;
	}> {
		const [user, unit] = await Promise.all([
			trx
				.selectFrom('users')
				.select(['name', 'email', 'locale'])
				.where('id', '=', claim.claimant_id)
				.executeTakeFirstOrThrow(),
			trx
				.selectFrom('units')
				.select(['name_no', 'name_en'])
				.where('id', '=', claim.unit_id)
				.executeTakeFirstOrThrow()
		]);
		const totals = claimTotals([{ amountOre: claim.total_ore }], claim.advance_ore);
		return {
			mailClaim: {
				id: claim.id,
				claimantId: claim.claimant_id,
				purpose: claim.purpose,
				totalOre: totals.totalOre,
				owedOre: totals.owedOre,
				claimantName: user.name,
				claimantEmail: user.email,
				unitName: { no: unit.name_no, en: unit.name_en },
				payoutDate: claim.payout_date,
				rejectionReason: claim.rejection_reason
			},
			claimant: user.email ? { name: user.name, email: user.email, locale: user.locale } : null
		};
	}

	/**
	 * The e-mails that follow a transition to `to` and who they tell: whoever must act next, and
	 * the claimant. Made before the transition is applied, so its audit entry can say who was told.
	 */
	async function mailsFor(
		trx: Kysely<Database>,
		claim: ClaimRow,
		to: ClaimStatus
	): Promise<{ messages: MailMessage[]; told: Told | null }> {
		const { mailClaim: mc, claimant } = await mailClaim(trx, claim);
		const messages: MailMessage[] = [];
		const next =
			to === 'submitted'
				? { roles: ['leader', 'finance'] as const, mail: submittedMail }
				: to === 'awaiting_finance'
					? { roles: ['finance'] as const, mail: financeNeededMail }
					: to === 'approved'
						? { roles: ['finance'] as const, mail: toPayMail }
						: null;
		let told: Told | null = null;
		if (next) {
			const acting = await whoActs(trx, claim.unit_id, [...next.roles], claim.claimant_id);
			for (const r of acting.people) messages.push(next.mail(r, mc, origin));
			told = { group: acting.group, count: acting.people.length };
		}
		if (claimant) {
			const decision = decisionMail(claimant, mc, to, origin);
			if (decision) messages.push(decision);
			if (decision && !told) told = { group: 'claimant', count: 1 };
		}
		if (!told && to !== 'withdrawn') told = { group: 'nobody', count: 0 };
		return { messages, told };
	}

	async function deliver(ids: string[]) {
		if (!deps.mail) return;
		for (const id of ids) await deps.mail.deliver(id);
	}

	function overLimit(lines: { amount_ore: number }[]): boolean {
		return lines.some((l) => l.amount_ore > limits.financeLimitOre);
	}

	async function transition(
		ctx: UserContext,
		id: string,
		action: Exclude<ClaimAction, 'edit'>,
		options: { expectedVersion?: number; reason?: string; payoutDate?: string } = {}
	): Promise<{ ok: true; status: ClaimStatus; version: number; told: Told | null } | Refused> {
		const seen = await access(ctx, id);
		if (!seen) return { ok: false, reason: 'not_found' };
		const at = now();
		const outcome = await db.transaction().execute(async (trx) => {
			const claim = await trx
				.selectFrom('expense_claims')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
			// The unit the roles were asked for, still.
			if (claim.unit_id !== seen.claim.unit_id) return { ok: false, reason: 'stale' } as Refused;
			const lines = await linesOf(trx, id);
			const status = claim.status as ClaimStatus;
			const decision = decide({ status, overLimit: overLimit(lines) }, action, seen.actor);
			if (!decision.ok) return { ok: false, reason: decision.reason } as Refused;
			if (options.expectedVersion !== undefined && options.expectedVersion !== claim.version) {
				return { ok: false, reason: 'stale' } as Refused;
			}
			const taken = step(action, {
				claim,
				lines,
				actor: seen.actor,
				at,
				limits,
				reason: options.reason,
				payoutDate: options.payoutDate
			});
			if (!taken.ok) return taken as Refused;
			const { set, details } = taken;
			if (action === 'submit') await recordSubmission(trx, id, claim.unit_id, at);
			const after = { ...claim, ...set, status: decision.to };
			const { messages, told } = await mailsFor(trx, after, decision.to);
			if (told) details.told = told;
			const applied = await applyTransition(trx, {
				claimId: id,
				from: status,
				to: decision.to,
				version: claim.version,
				action,
				actor: seen.actor.userId,
				at,
				set,
				details
			});
			if (!applied.ok) return { ok: false, reason: 'stale' } as Refused;
			await eraseAccountIfClaimantDeleted(trx, claim, decision.to, at);
			const mailIds: string[] = [];
			for (const message of messages) mailIds.push(await recordMail(trx, message, at));
			return { ok: true as const, status: decision.to, version: applied.version, mailIds, told };
		});
		if (!outcome.ok) return outcome;
		await deliver(outcome.mailIds);
		return { ok: true, status: outcome.status, version: outcome.version, told: outcome.told };
	}

	/**
	 * The stored account in clear, or null. A key that cannot decrypt it (restored without the key
	 * file, a wrong key configured) shows the claim without it rather than failing the page; the
	 * operator hears of it in the log.
	 */
	function readAccount(claim: ClaimRow): string | null {
		if (!claim.payout_account) return null;
		try {
			return keyring.decrypt(claim.payout_account, claim.id);
		} catch (error) {
			if (!(error instanceof AccountKeyError)) throw error;
			log.error('payout account unreadable', { claim: claim.id, ...errorFields(error) });
			return null;
		}
	}

	function summary(row: ClaimRow): ClaimSummary {
		return {
			id: row.id,
			claimantId: row.claimant_id,
			campusId: row.campus_id,
			unitId: row.unit_id,
			purpose: row.purpose,
			status: row.status as ClaimStatus,
			totals: claimTotals([{ amountOre: row.total_ore }], row.advance_ore),
			version: row.version,
			createdAt: row.created_at,
			submittedAt: row.submitted_at,
			decidedAt: row.decided_at,
			paidAt: row.paid_at,
			payoutDate: row.payout_date
		};
	}

	function line(row: LineRow): ExpenseLine {
		return {
			id: row.id,
			kind: row.kind as ExpenseLine['kind'],
			date: row.date,
			description: row.description,
			merchant: row.merchant,
			amountOre: row.amount_ore,
			currency: row.currency,
			originalHundredths: row.original_hundredths,
			distanceM: row.distance_m,
			rateOrePerKm: row.rate_ore_per_km,
			from: row.from_place,
			to: row.to_place,
			fileId: row.file_id,
			overLimit: row.amount_ore > limits.financeLimitOre
		};
	}

	return {
		/** A new draft of the signed-in user; lines, purpose and account may still be missing. */
		async createDraft(
			ctx: UserContext,
			input: ClaimInput
		): Promise<{ ok: true; id: string; version: number; totals: ClaimTotals } | Refused> {
			const user = signedIn(ctx);
			const parsed = parseClaim(input);
			if (!parsed.ok) return parsed;
			const claim = parsed.claim;
			const missing = await checkReferences(claim, user.id, null);
			if (missing) return missing;
			const id = randomUUID();
			const at = now().toISOString();
			const totals = claimTotals(claim.lines, claim.advance);
			await db.transaction().execute(async (trx) => {
				await trx
					.insertInto('expense_claims')
					.values({
						id,
						claimant_id: user.id,
						campus_id: claim.campusId,
						unit_id: claim.unitId,
						event_id: claim.eventId ?? null,
						project_id: claim.projectId ?? null,
						purpose: claim.purpose,
						payout_account: claim.payoutAccount ? keyring.encrypt(claim.payoutAccount, id) : null,
						account_erased_at: null,
						status: 'draft',
						advance_ore: claim.advance,
						total_ore: totals.totalOre,
						version: 1,
						created_at: at,
						updated_at: at
					})
					.execute();
				await insertLines(trx, id, claim.lines);
				await record(trx, {
					actor: user.id,
					subjectType: SUBJECT,
					subjectId: id,
					action: 'create',
					at: new Date(at),
					details: { total_ore: totals.totalOre, lines: claim.lines.length }
				});
			});
			return { ok: true, id, version: 1, totals };
		},

		/**
		 * Replaces a draft's (or rejected claim's) content. `expectedVersion` is the version the form
		 * was made from: a claim changed since answers `stale` and keeps the other change.
		 * `releasedFileIds`: files no line refers to any more, for the files port to delete.
		 */
		async updateDraft(
			ctx: UserContext,
			id: string,
			expectedVersion: number,
			input: ClaimInput
		): Promise<
			{ ok: true; version: number; totals: ClaimTotals; releasedFileIds: string[] } | Refused
		> {
			const seen = await access(ctx, id);
			if (!seen) return { ok: false, reason: 'not_found' };
			const parsed = parseClaim(input);
			if (!parsed.ok) return parsed;
			const claim = parsed.claim;
			const missing = await checkReferences(claim, seen.actor.userId, id);
			if (missing) return missing;
			const at = now();
			const totals = claimTotals(claim.lines, claim.advance);
			return db.transaction().execute(async (trx) => {
				const current = await trx
					.selectFrom('expense_claims')
					.selectAll()
					.where('id', '=', id)
					.executeTakeFirstOrThrow();
				const status = current.status as ClaimStatus;
				const decision = decide({ status, overLimit: false }, 'edit', seen.actor);
				if (!decision.ok) return { ok: false, reason: decision.reason } as Refused;
				const before = await linesOf(trx, id);
				const account =
					claim.payoutAccount === undefined
						? current.payout_account
						: claim.payoutAccount === null
							? null
							: keyring.encrypt(claim.payoutAccount, id);
				const applied = await applyTransition(trx, {
					claimId: id,
					from: status,
					to: status,
					version: expectedVersion,
					action: 'edit',
					actor: seen.actor.userId,
					at,
					details: { total_ore: totals.totalOre, lines: claim.lines.length },
					coalesceMs: EDIT_SESSION_MS
				});
				if (!applied.ok) return applied as Refused;
				await trx
					.updateTable('expense_claims')
					.set({
						campus_id: claim.campusId,
						unit_id: claim.unitId,
						event_id: claim.eventId ?? null,
						project_id: claim.projectId ?? null,
						purpose: claim.purpose,
						payout_account: account,
						advance_ore: claim.advance,
						total_ore: totals.totalOre
					})
					.where('id', '=', id)
					.execute();
				await trx.deleteFrom('expense_lines').where('claim_id', '=', id).execute();
				await insertLines(trx, id, claim.lines);
				const kept = new Set(claim.lines.map((l) => (l.kind === 'receipt' ? l.fileId : null)));
				const releasedFileIds = before
					.map((l) => l.file_id)
					.filter((f): f is string => f !== null && !kept.has(f));
				return { ok: true as const, version: applied.version, totals, releasedFileIds };
			});
		},

		submit: (ctx: UserContext, id: string, expectedVersion?: number) =>
			transition(ctx, id, 'submit', { expectedVersion }),
		withdraw: (ctx: UserContext, id: string, expectedVersion?: number) =>
			transition(ctx, id, 'withdraw', { expectedVersion }),
		approve: (ctx: UserContext, id: string, expectedVersion?: number) =>
			transition(ctx, id, 'approve', { expectedVersion }),
		reject: (ctx: UserContext, id: string, reason: string, expectedVersion?: number) =>
			transition(ctx, id, 'reject', { reason, expectedVersion }),
		/** Finance records the payout; `payoutDate` (YYYY-MM-DD) is the bookkeeping date. */
		markPaid: (ctx: UserContext, id: string, payoutDate: string, expectedVersion?: number) =>
			transition(ctx, id, 'pay', { payoutDate, expectedVersion }),

		/** The caller's own claims, newest first, with the sums of what is listed. */
		async listOwn(ctx: UserContext, filter: { status?: ClaimStatus } = {}) {
			const user = signedIn(ctx);
			let query = db
				.selectFrom('expense_claims')
				.selectAll()
				.where('claimant_id', '=', user.id)
				.orderBy('created_at', 'desc')
				.orderBy('id');
			if (filter.status) query = query.where('status', '=', filter.status);
			const claims = (await query.execute()).map(summary);
			return {
				claims,
				totals: {
					count: claims.length,
					totalOre: claims.reduce((s, c) => s + c.totals.totalOre, 0),
					owedOre: claims.reduce((s, c) => s + c.totals.owedOre, 0)
				}
			};
		},

		/**
		 * Claims waiting for the caller, oldest submission first: a decision (leaders and finance of
		 * the unit, admins everywhere), finance's approval or the payout (finance and admins).
		 * Never the caller's own.
		 */
		async approverQueue(ctx: UserContext): Promise<(ClaimSummary & QueueNames)[]> {
			const user = signedIn(ctx);
			const mine = await roles.rolesOf(ctx);
			// A unit's finance role acts on everything its leader does, and more.
			const finance = mine.units.filter((u) => u.role === 'finance').map((u) => u.unitId);
			const leading = mine.units
				.filter((u) => u.role === 'leader' && !finance.includes(u.unitId))
				.map((u) => u.unitId);
			const waiting = (authority: Authority, unitIds: string[]) =>
				unitIds.length > 0 ? [{ statuses: waitingOn(authority), unitIds }] : [];
			const queues = [...waiting('finance', finance), ...waiting('leader', leading)];
			if (!mine.admin && queues.length === 0) return [];
			let query = db
				.selectFrom('expense_claims')
				.selectAll()
				.where('claimant_id', '!=', user.id)
				.orderBy('submitted_at')
				.orderBy('id');
			if (mine.admin) {
				query = query.where('status', 'in', waitingOn('finance'));
			} else {
				query = query.where((eb) =>
					eb.or(
						queues.map((q) =>
							eb.and([eb('status', 'in', q.statuses), eb('unit_id', 'in', q.unitIds)])
						)
					)
				);
			}
			const rows = await query.execute();
			const names = await queueNames(db, rows, limits.financeLimitOre);
			return rows.map((row) => ({ ...summary(row), ...names.get(row.id)! }));
		},

		/** One claim as the caller may see it; null (not found) for anyone else's. */
		async detail(ctx: UserContext, id: string): Promise<ClaimDetail | null> {
			const seen = await access(ctx, id);
			if (!seen) return null;
			const { claim, actor } = seen;
			const rows = await linesOf(db, id);
			const lines = rows.map(line);
			const plain = readAccount(claim);
			const status = claim.status as ClaimStatus;
			const over = overLimit(rows);
			const entries = await trail(db, SUBJECT, id);
			return {
				...summary(claim),
				eventId: claim.event_id,
				projectId: claim.project_id,
				rejectionReason: claim.rejection_reason,
				payoutAccount: plain
					? actor.isClaimant
						? formatAccount(plain)
						: maskAccount(plain)
					: null,
				accountErased: claim.account_erased_at !== null,
				accountUnreadable: claim.payout_account !== null && plain === null,
				lines,
				overLimit: over,
				duplicates:
					actor.authority !== 'none' && !actor.isClaimant
						? await findDuplicates(db, id, await viewerOf(ctx))
						: [],
				trail: entries,
				names: await claimNames(
					db,
					claim,
					entries.map((e) => e.actor)
				),
				receipts: await receiptFiles(
					db,
					rows.map((r) => r.file_id)
				),
				actions: allowedActions({ status, overLimit: over }, actor),
				viewer: { isClaimant: actor.isClaimant, authority: actor.authority }
			};
		},

		/**
		 * Whether the caller may read a stored file because it is a receipt on a claim they may see
		 * (detail is not null for it): the approvers of a unit it was submitted to, admins. The uploader
		 * may always read their own files; the files port checks that before asking.
		 */
		async mayReadFile(ctx: UserContext, fileId: string): Promise<boolean> {
			const claims = await db
				.selectFrom('expense_lines')
				.select('claim_id')
				.distinct()
				.where('file_id', '=', fileId)
				.execute();
			for (const { claim_id } of claims) if (await access(ctx, claim_id)) return true;
			return false;
		},

		/**
		 * A claimant's claims for their data export, asked by identity/privacy.ts after its own
		 * permission check: the payout account in full in the owner's own copy, masked in an admin's.
		 */
		personalData(userId: string, options: { fullAccount: boolean }): Promise<ExportedClaim[]> {
			return claimantRecords(db, userId, (claim) => {
				const plain = readAccount(claim);
				if (plain === null) return null;
				return options.fullAccount ? formatAccount(plain) : maskAccount(plain);
			});
		},

		/**
		 * The full account for finance to pay an approved claim; each look is written to the audit
		 * log. Anyone else, or another status, gets a refusal.
		 */
		async revealAccount(
			ctx: UserContext,
			id: string
		): Promise<{ ok: true; account: string } | Refused> {
			const seen = await access(ctx, id);
			if (!seen) return { ok: false, reason: 'not_found' };
			const { claim, actor } = seen;
			if (actor.isClaimant) return { ok: false, reason: 'own_claim' };
			if (actor.authority !== 'finance') return { ok: false, reason: 'finance_only' };
			if (claim.status !== 'approved' || !claim.payout_account) {
				return { ok: false, reason: 'wrong_status' };
			}
			const plain = readAccount(claim);
			if (plain === null) return { ok: false, reason: 'account_unreadable' };
			const account = formatAccount(plain);
			await record(db, {
				actor: actor.userId,
				subjectType: SUBJECT,
				subjectId: id,
				action: 'account_revealed',
				at: now()
			});
			return { ok: true, account };
		}
	};
}

export type ExpensesService = ReturnType<typeof expensesService>;
