import { describe, expect, it } from 'vitest';
import {
	STATUSES,
	decide,
	waitingOn,
	type Actor,
	type ClaimAction,
	type ClaimStatus
} from './workflow';

const claimant: Actor = { userId: 'c', isClaimant: true, authority: 'none' };
const leader: Actor = { userId: 'l', isClaimant: false, authority: 'leader' };
const finance: Actor = { userId: 'f', isClaimant: false, authority: 'finance' };
const stranger: Actor = { userId: 's', isClaimant: false, authority: 'none' };
const financeClaimant: Actor = { userId: 'f', isClaimant: true, authority: 'finance' };

// Every (status, action, actor, over limit?) that is allowed, and where it leads; everything else
// is refused. 'any': whether a line is over the finance limit does not matter.
type Over = boolean | 'any';
const ALLOWED: [ClaimStatus, ClaimAction, Actor[], Over, ClaimStatus][] = [
	['draft', 'edit', [claimant, financeClaimant], 'any', 'draft'],
	['draft', 'submit', [claimant, financeClaimant], 'any', 'submitted'],
	['draft', 'withdraw', [claimant, financeClaimant], 'any', 'withdrawn'],
	['rejected', 'edit', [claimant, financeClaimant], 'any', 'rejected'],
	['rejected', 'submit', [claimant, financeClaimant], 'any', 'submitted'],
	['rejected', 'withdraw', [claimant, financeClaimant], 'any', 'withdrawn'],
	['submitted', 'withdraw', [claimant, financeClaimant], 'any', 'withdrawn'],
	['submitted', 'approve', [leader], false, 'approved'],
	['submitted', 'approve', [leader], true, 'awaiting_finance'],
	['submitted', 'approve', [finance], 'any', 'approved'],
	['submitted', 'reject', [leader, finance], 'any', 'rejected'],
	['awaiting_finance', 'approve', [finance], 'any', 'approved'],
	['awaiting_finance', 'reject', [finance], 'any', 'rejected'],
	['approved', 'pay', [finance], 'any', 'paid']
];

const ACTIONS: ClaimAction[] = ['edit', 'submit', 'withdraw', 'approve', 'reject', 'pay'];
const ACTORS = { claimant, leader, finance, stranger, financeClaimant };

describe('the claim state machine', () => {
	it('allows exactly the listed transitions and leads each where the workflow says', () => {
		for (const status of STATUSES) {
			for (const action of ACTIONS) {
				for (const [name, actor] of Object.entries(ACTORS)) {
					for (const overLimit of [false, true]) {
						const expected = ALLOWED.find(
							([s, a, who, over]) =>
								s === status &&
								a === action &&
								who.includes(actor) &&
								(over === 'any' || over === overLimit)
						);
						const got = decide({ status, overLimit }, action, actor);
						const label = `${name} ${action} ${status}${overLimit ? ' over limit' : ''}`;
						if (expected) expect(got, label).toEqual({ ok: true, to: expected[4] });
						else expect(got.ok, label).toBe(false);
					}
				}
			}
		}
	});

	it('gives the reason of each refusal', () => {
		const refusal = (status: ClaimStatus, action: ClaimAction, actor: Actor, overLimit = false) => {
			const result = decide({ status, overLimit }, action, actor);
			return result.ok ? null : result.reason;
		};
		expect(refusal('submitted', 'approve', financeClaimant)).toBe('own_claim');
		expect(refusal('approved', 'pay', financeClaimant)).toBe('own_claim');
		expect(refusal('submitted', 'approve', stranger)).toBe('not_approver');
		expect(refusal('draft', 'edit', leader)).toBe('not_claimant');
		expect(refusal('submitted', 'withdraw', finance)).toBe('not_claimant');
		expect(refusal('awaiting_finance', 'approve', leader, true)).toBe('finance_only');
		expect(refusal('awaiting_finance', 'reject', leader, true)).toBe('finance_only');
		expect(refusal('approved', 'pay', leader)).toBe('finance_only');
		// Skipping a step:
		expect(refusal('draft', 'approve', leader)).toBe('wrong_status');
		expect(refusal('submitted', 'pay', finance)).toBe('wrong_status');
		expect(refusal('submitted', 'edit', claimant)).toBe('wrong_status');
		expect(refusal('approved', 'withdraw', claimant)).toBe('wrong_status');
		expect(refusal('paid', 'approve', finance)).toBe('wrong_status');
		expect(refusal('withdrawn', 'submit', claimant)).toBe('wrong_status');
	});

	it('says which statuses wait on a leader and which on finance, as the table above allows', () => {
		expect(waitingOn('leader')).toEqual(['submitted']);
		expect(waitingOn('finance')).toEqual(['submitted', 'awaiting_finance', 'approved']);
		expect(waitingOn('none')).toEqual([]);
	});
});
