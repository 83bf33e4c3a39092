// Who may enter the admin area, and what they find there: admins, a unit's leaders, its finance
// people and the safety role. Everyone else is told the area does not exist (404), as for other staff pages.
import type { AdminScope } from '$lib/admin/nav';
import type { UserContext } from '../context';
import type { RolesService } from '../identity/roles';

export async function adminScope(
	roles: Pick<RolesService, 'rolesOf'>,
	ctx: UserContext
): Promise<AdminScope | null> {
	const mine = await roles.rolesOf(ctx);
	const scope: AdminScope = {
		admin: mine.admin,
		leaderOf: mine.units.filter((u) => u.role === 'leader').map((u) => u.unitId),
		financeOf: mine.units.filter((u) => u.role === 'finance').map((u) => u.unitId),
		safety: mine.safety
	};
	return scope.admin || scope.leaderOf.length > 0 || scope.financeOf.length > 0 || scope.safety
		? scope
		: null;
}
