// Who the caller is to a claim (visibility.ts has the rule): its claimant, an approver of a unit it
// was submitted to, or nobody who may know it exists; and the caller as a reader of lists.
import type { UserContext } from '../context';
import type { Db } from '../db';
import { signedIn, type RolesService } from '../identity/roles';
import { submittedUnits, type ClaimViewer } from './visibility';
import type { Actor, Authority } from './workflow';

export function claimAccess(db: Db, roles: Pick<RolesService, 'can' | 'rolesOf'>) {
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

	return { authorityOf, access, viewerOf };
}
