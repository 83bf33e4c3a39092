import { CLAIM_STATUSES, isClaimStatus, statusLabels } from '$lib/server/expenses/words';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// The caller's own claims (an unknown ?status= lists them all) and, for approvers, the claims
// waiting for them. The hook lets only signed-in users reach this page.
export const load: PageServerLoad = async ({ locals, url }) => {
	const ctx = locals.caller;
	const wanted = url.searchParams.get('status');
	const status = isClaimStatus(wanted) ? wanted : undefined;
	const { expenses, roles } = services();
	const [own, queue, mine] = await Promise.all([
		expenses.listOwn(ctx, { status }),
		expenses.approverQueue(ctx),
		roles.rolesOf(ctx)
	]);
	const approver =
		mine.admin || mine.units.some((u) => u.role === 'leader' || u.role === 'finance');
	const labels = statusLabels();
	const statuses = CLAIM_STATUSES.map((value) => ({ value, label: labels[value] }));
	return { own, queue, approver, status: status ?? null, labels, statuses };
};
