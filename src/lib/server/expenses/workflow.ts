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
import { sql, type Kysely } from 'kysely';
import { record, recordCoalesced } from '../audit';
import type { Database } from '../db';

export { CLAIM_STATUSES as STATUSES } from '$lib/expenses/statuses';
import type { ClaimStatusName } from '$lib/expenses/statuses';

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

/** The actions an actor could take on a claim now, for the pages to offer. */
export function allowedActions(
	claim: { status: ClaimStatus; overLimit: boolean },
	actor: Actor
): ClaimAction[] {
	const actions: ClaimAction[] = ['edit', 'submit', 'withdraw', 'approve', 'reject', 'pay'];
	return actions.filter((a) => decide(claim, a, actor).ok);
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
		set?: Partial<
			Pick<
				Database['expense_claims'],
				| 'submitted_at'
				| 'decided_at'
				| 'decided_by'
				| 'paid_at'
				| 'payout_date'
				| 'rejection_reason'
			>
		>;
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
