// Expense claims: what the /fs pages call. Every status change goes through workflow.ts; every
// refusal is a reason code (`{ ok: false, reason }`), never a half-written claim. Another user's
// claim answers not_found unless the caller approves for a unit it was submitted to, or is an
// admin (visibility.ts); the payout account is shown in full to the claimant only.
import { randomUUID } from 'node:crypto';
import { record, trail } from '../audit';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { signedIn, type RolesService } from '../identity/roles';
import { recordMail, type Mailer } from '../mail';
import { claimAccess } from './access';
import { formatAccount, maskAccount, readAccount, type AccountKeyring } from './account';
import { findDuplicates } from './duplicates';
import {
	claimSchema,
	osloDate,
	type ClaimInput,
	type ExpenseLimits,
	type ParsedClaim
} from './input';
import { queueNames, receiptFiles, type QueueNames } from './listing';
import type { Told } from './mails';
import { claimTotals, type ClaimTotals } from './money';
import { claimNames } from './names';
import { mailsFor } from './notices';
import { claimantRecords, eraseAccountIfClaimantDeleted, type ExportedClaim } from './privacy';
import { checkReferences, type FileUploaders } from './references';
import { insertLines, line, linesOf, overLimit, summary } from './rows';
import type { ClaimDetail, ClaimSummary, Refused } from './types';
import { recordSubmission } from './visibility';
import {
	allowedActions,
	applyTransition,
	decide,
	step,
	waitingOn,
	type Authority,
	type ClaimAction,
	type ClaimStatus
} from './workflow';

export type { ExpenseLimits } from './input';
export type { Told } from './mails';
export type { ClaimStatus } from './workflow';
export type { ClaimNames } from './names';
export type { QueueNames, ReceiptFile } from './listing';
export type { ClaimDetail, ClaimSummary, ExpenseLine, ExpenseRefusal, Refused } from './types';

const SUBJECT = 'expense_claim';

/**
 * A person's saves of a draft less than this apart are one "changed the claim" entry in its
 * history: the form saves itself seconds after each change, and a row per save drowned the steps
 * that matter.
 */
export const EDIT_SESSION_MS = 30 * 60_000;

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
	fileUploaders?: FileUploaders;
	/** Told of a submitted claim when its unit has no leader or finance role with an e-mail. */
	adminEmails?: string[];
	now?: () => Date;
}) {
	const { db, roles, keyring, limits } = deps;
	const now = deps.now ?? (() => new Date());
	const site = { origin: deps.origin ?? '', adminEmails: deps.adminEmails ?? [] };
	const { access, viewerOf } = claimAccess(db, roles);
	const financeLimit = limits.financeLimitOre;

	function parseClaim(input: ClaimInput): { ok: true; claim: ParsedClaim } | Refused {
		const parsed = claimSchema(limits, osloDate(now())).safeParse(input);
		if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error.issues };
		return { ok: true, claim: parsed.data };
	}

	async function deliver(ids: string[]) {
		if (!deps.mail) return;
		for (const id of ids) await deps.mail.deliver(id);
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
			const decision = decide(
				{ status, overLimit: overLimit(lines, financeLimit) },
				action,
				seen.actor
			);
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
			const { messages, told } = await mailsFor(trx, after, decision.to, site);
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
			const missing = await checkReferences(db, deps.fileUploaders, claim, user.id, null);
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
			const missing = await checkReferences(db, deps.fileUploaders, claim, seen.actor.userId, id);
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
			const lines = rows.map((row) => line(row, financeLimit));
			const plain = readAccount(keyring, claim);
			const status = claim.status as ClaimStatus;
			const over = overLimit(rows, financeLimit);
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
				const plain = readAccount(keyring, claim);
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
			const plain = readAccount(keyring, claim);
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
