// The one state machine of an expense claim. Every change of a claim's status goes through
// `decide` (may this actor do this now?) and `applyTransition` (the guarded UPDATE plus its audit
// entry), nowhere else.
//
//   from                        action    by                                  to
//   draft, rejected             edit      the claimant                        (unchanged)
//   draft, rejected             submit    the claimant                        submitted
//   draft, submitted, rejected  withdraw  the claimant                        withdrawn (final)
//   submitted                   approve   finance or an admin                 approved
//   submitted                   approve   a leader, no line over the limit    approved
//   submitted                   approve   a leader, a line over the limit     awaiting_finance
//   submitted                   reject    a leader, finance or an admin       rejected (reason)
//   awaiting_finance            approve   finance or an admin                 approved
//   awaiting_finance            reject    finance or an admin                 rejected (reason)
//   approved                    pay       finance or an admin                 paid (payout date)
// Nobody decides on or pays their own claim.
//
// What each step needs besides the status (`step`), and the columns it sets with it:
//   action    needs                                          sets
//   submit    a purpose, a payout account, a line; every     submitted_at; clears decided_at,
//             line's date within the receipt-age limits      decided_by, rejection_reason
//   withdraw  nothing                                        nothing
//   approve   nothing                                        decided_at, decided_by
//   reject    a reason of 1 to 1000 characters               decided_at, decided_by,
//                                                            rejection_reason
//   pay       a payout date (YYYY-MM-DD), not in the future  paid_at, payout_date
import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import { record, recordCoalesced } from '../audit';
import type { Database } from '../db';
import { isCalendarDate, osloDate, receiptDateProblem, type ExpenseLimits } from './input';

import { CLAIM_STATUSES, type ClaimStatusName } from '$lib/expenses/statuses';

export { CLAIM_STATUSES as STATUSES } from '$lib/expenses/statuses';

export type ClaimStatus = ClaimStatusName;

export type ClaimAction = 'edit' | 'submit' | 'withdraw' | 'approve' | 'reject' | 'pay';

/**
 * What the actor is to the claim's unit: `finance` (the unit's finance role, or an admin), `leader`
 * (the unit's leader), or `none`.
 */
export type Authority = 'finance' | 'leader' | 'none';

export interface Actor {
	userId: string;
	isClaimant: boolean;
	authority: Authority;
}

export type Refusal =
	'wrong_status' | 'not_claimant' | 'not_approver' | 'own_claim' | 'finance_only' | 'stale';

export type Decision = { ok: true; to: ClaimStatus } | { ok: false; reason: Refusal };

const EDITABLE: readonly ClaimStatus[] = ['draft', 'rejected'];

/**
 * Whether `actor` may do `action` to a claim in `status` and where it leads. `overLimit`: a line
 * of the claim is above the amount a leader may approve alone.
 */
export function decide(
	claim: { status: ClaimStatus; overLimit: boolean },
	action: ClaimAction,
	actor: Actor
): Decision {
	const { status } = claim;
	const refuse = (reason: Refusal): Decision => ({ ok: false, reason });
	switch (action) {
		case 'edit':
		case 'submit':
			if (!actor.isClaimant) return refuse('not_claimant');
			if (!EDITABLE.includes(status)) return refuse('wrong_status');
			return { ok: true, to: action === 'edit' ? status : 'submitted' };
		case 'withdraw':
			if (!actor.isClaimant) return refuse('not_claimant');
			if (status !== 'draft' && status !== 'submitted' && status !== 'rejected') {
				return refuse('wrong_status');
			}
			return { ok: true, to: 'withdrawn' };
		case 'approve':
		case 'reject':
		case 'pay': {
			// Nobody decides on, or pays out, their own claim, whatever their role.
			if (actor.isClaimant) return refuse('own_claim');
			if (actor.authority === 'none') return refuse('not_approver');
			if (action === 'pay') {
				if (status !== 'approved') return refuse('wrong_status');
				return actor.authority === 'finance' ? { ok: true, to: 'paid' } : refuse('finance_only');
			}
			if (status === 'awaiting_finance') {
				if (actor.authority !== 'finance') return refuse('finance_only');
				return { ok: true, to: action === 'approve' ? 'approved' : 'rejected' };
			}
			if (status !== 'submitted') return refuse('wrong_status');
			if (action === 'reject') return { ok: true, to: 'rejected' };
			const needsFinance = claim.overLimit && actor.authority === 'leader';
			return { ok: true, to: needsFinance ? 'awaiting_finance' : 'approved' };
		}
	}
}

/**
 * The statuses in which a claim waits on someone of `authority` (never its claimant): read off
 * `decide`, so the approvers' queue and the deletion of an account (privacy.ts) cannot come to
 * disagree with it about who acts on which status.
 */
export function waitingOn(authority: Authority): ClaimStatus[] {
	const actor: Actor = { userId: '', isClaimant: false, authority };
	const acts: ClaimAction[] = ['approve', 'reject', 'pay'];
	return CLAIM_STATUSES.filter((status) =>
		acts.some((action) => decide({ status, overLimit: true }, action, actor).ok)
	);
}

/** The actions an actor could take on a claim now, for the pages to offer. */
export function allowedActions(
	claim: { status: ClaimStatus; overLimit: boolean },
	actor: Actor
): ClaimAction[] {
	const actions: ClaimAction[] = ['edit', 'submit', 'withdraw', 'approve', 'reject', 'pay'];
	return actions.filter((a) => decide(claim, a, actor).ok);
}

/** The columns a step may set besides the status and version. */
export type StepColumns = Partial<
	Pick<
		Database['expense_claims'],
		'submitted_at' | 'decided_at' | 'decided_by' | 'paid_at' | 'payout_date' | 'rejection_reason'
	>
>;

/** What a step reads of the claim, and what the actor gave with it. */
export interface StepInput {
	claim: Pick<
		Database['expense_claims'],
		'purpose' | 'payout_account' | 'total_ore' | 'advance_ore'
	>;
	lines: { date: string }[];
	actor: Actor;
	at: Date;
	limits: ExpenseLimits;
	reason?: string;
	payoutDate?: string;
}

export type StepRefusal = 'incomplete' | 'invalid' | 'reason_required' | 'payout_date';

export type Step =
	| { ok: true; set: StepColumns; details: Record<string, unknown> }
	| { ok: false; reason: StepRefusal; issues?: z.core.$ZodIssue[] };

type StepAction = Exclude<ClaimAction, 'edit'>;

function decided(input: StepInput): StepColumns {
	return { decided_at: input.at.toISOString(), decided_by: input.actor.userId };
}

const STEPS: Record<StepAction, (input: StepInput) => Step> = {
	submit({ claim, lines, at, limits }) {
		if (claim.purpose === '' || claim.payout_account === null || lines.length === 0) {
			return { ok: false, reason: 'incomplete' };
		}
		const today = osloDate(at);
		for (const [index, line] of lines.entries()) {
			const message = receiptDateProblem(line.date, limits, today);
			if (message === null) continue;
			const path = ['lines', index, 'date'];
			return {
				ok: false,
				reason: 'invalid',
				issues: [{ code: 'custom', message, path, input: undefined }]
			};
		}
		return {
			ok: true,
			set: {
				submitted_at: at.toISOString(),
				decided_at: null,
				decided_by: null,
				rejection_reason: null
			},
			details: { total_ore: claim.total_ore }
		};
	},
	withdraw: () => ({ ok: true, set: {}, details: {} }),
	approve: (input) => ({
		ok: true,
		set: decided(input),
		details: { authority: input.actor.authority }
	}),
	reject(input) {
		const reason = input.reason?.trim() ?? '';
		if (reason.length < 1 || reason.length > 1000) return { ok: false, reason: 'reason_required' };
		return {
			ok: true,
			set: { ...decided(input), rejection_reason: reason },
			details: { authority: input.actor.authority, reason }
		};
	},
	pay({ claim, at, payoutDate }) {
		const date = payoutDate ?? '';
		if (!isCalendarDate(date) || date > osloDate(at)) return { ok: false, reason: 'payout_date' };
		return {
			ok: true,
			set: { paid_at: at.toISOString(), payout_date: date },
			details: { payout_date: date, owed_ore: Math.max(0, claim.total_ore - claim.advance_ore) }
		};
	}
};

/**
 * What `action` needs of the claim beyond its status, and the columns and audit details it
 * writes: asked once `decide` allowed the action.
 */
export function step(action: StepAction, input: StepInput): Step {
	return STEPS[action](input);
}

/**
 * Moves the claim from `from` (at `version`) to `to`, with the other columns in `set`, and writes
 * the audit entry — in the caller's transaction. The UPDATE names the status and version it
 * expects: of two actors who both read the same claim, the second finds no row to change
 * (PostgreSQL re-checks the WHERE after the first one's commit) and gets `stale`.
 */
export async function applyTransition(
	trx: Kysely<Database>,
	input: {
		claimId: string;
		from: ClaimStatus;
		to: ClaimStatus;
		version: number;
		action: ClaimAction;
		actor: string;
		at: Date;
		set?: StepColumns;
		details?: Record<string, unknown>;
		/** Fold this entry into the actor's latest one of the same action within this window. */
		coalesceMs?: number;
	}
): Promise<{ ok: true; version: number } | { ok: false; reason: 'stale' }> {
	const result = await trx
		.updateTable('expense_claims')
		.set({
			...input.set,
			status: input.to,
			version: sql<number>`version + 1`,
			updated_at: input.at.toISOString()
		})
		.where('id', '=', input.claimId)
		.where('status', '=', input.from)
		.where('version', '=', input.version)
		.executeTakeFirst();
	if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'stale' };
	const entry = {
		actor: input.actor,
		subjectType: 'expense_claim',
		subjectId: input.claimId,
		action: input.action,
		at: input.at,
		details: { from: input.from, to: input.to, ...input.details }
	};
	if (input.coalesceMs) await recordCoalesced(trx, entry, input.coalesceMs);
	else await record(trx, entry);
	return { ok: true, version: input.version + 1 };
}
