// The membership plans as admins create and edit them: products of category `membership` with
// their terms (period, audience, months) in membership_plans, saved like every catalogue record
// (catalogue.ts). Taking a plan off sale and deleting it are a product's (products-admin.ts);
// who holds a membership is memberships-admin.ts. Input comes parsed by the web edge (PlanInput).
import type { PlanInput } from '$lib/schemas/admin-shop';
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { RolesService } from '../identity/roles';
import { catalogueRecords, sharedColumns, type CatalogueDraft, type SaveResult } from './catalogue';

/** What a plan's form writes: a membership is bought once per order, at one price, without a stock limit. */
function draftOf(p: PlanInput): CatalogueDraft {
	return {
		slug: p.slug,
		plan: { period: p.period, audience: p.audience, months: p.months! },
		columns: {
			...sharedColumns(p),
			category: 'membership',
			member_price_ore: null,
			stock: null,
			max_per_order: 1,
			unit_id: null,
			featured: 0
		}
	};
}

export function plansAdminService(deps: { db: Db; roles: Pick<RolesService, 'require'> }) {
	const { roles } = deps;
	const admin = (ctx: UserContext) => roles.require(ctx, { action: 'admin' });
	const records = catalogueRecords(deps.db);
	return {
		/** True when the caller may edit the plans (Forbidden or NotSignedIn otherwise). */
		async mayEdit(ctx: UserContext): Promise<true> {
			await admin(ctx);
			return true;
		},

		/** Creates a membership plan, sold on /membership at once when it is active. */
		async create(ctx: UserContext, input: PlanInput, now = new Date()): Promise<SaveResult> {
			const user = await admin(ctx);
			return records.create(user.id, draftOf(input), now);
		},

		/** Saves a plan's form over the version it was made from; a product is not a plan (not_found). */
		async update(
			ctx: UserContext,
			id: string,
			version: number,
			input: PlanInput,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			return records.update(user.id, id, version, draftOf(input), now);
		}
	};
}

export type PlansAdminService = ReturnType<typeof plansAdminService>;
