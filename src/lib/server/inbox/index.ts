// The inbox: what people send the organisation, one list per kind, and how many of each are new
// for the caller. Each kind's domain says how many new items the caller may see; whether the
// caller sees the kind at all follows from their admin-area scope (admin/scope.ts), so the
// dashboard, the inbox page and the staff header agree.
import type { AdminScope, InboxKind } from '$lib/admin/nav';
import { adminScope } from '../admin/scope';
import type { UserContext } from '../context';
import type { RolesService } from '../identity/roles';

export interface InboxSource {
	kind: InboxKind;
	/** Whether a caller with this scope has the kind's list. */
	visible(scope: AdminScope): boolean;
	/** New items the caller may see. */
	newCount(ctx: UserContext): Promise<number>;
}

export interface InboxCount {
	kind: InboxKind;
	newCount: number;
}

export function inboxService(deps: {
	roles: Pick<RolesService, 'rolesOf'>;
	sources: InboxSource[];
}) {
	async function counts(ctx: UserContext, scope: AdminScope): Promise<InboxCount[]> {
		const mine = deps.sources.filter((s) => s.visible(scope));
		const numbers = await Promise.all(mine.map((s) => s.newCount(ctx)));
		return mine.map((s, i) => ({ kind: s.kind, newCount: numbers[i] ?? 0 }));
	}

	return {
		/** The kinds the caller has, with their new items' counts ([] for a caller with none). */
		counts,

		/**
		 * For the site's header: null for everyone outside the admin area, else how many new items
		 * wait in the caller's inbox (0 when they have none or no inbox kind).
		 */
		async badge(ctx: UserContext): Promise<number | null> {
			if (!ctx.user || ctx.user.isAnonymous) return null;
			const scope = await adminScope(deps.roles, ctx);
			if (!scope) return null;
			return (await counts(ctx, scope)).reduce((sum, c) => sum + c.newCount, 0);
		}
	};
}

export type InboxService = ReturnType<typeof inboxService>;
