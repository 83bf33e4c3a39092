import { error } from '@sveltejs/kit';
import { simulatorDecisionAction, simulatorOr404 } from '$lib/server/web/pay-simulator';
import type { Actions, PageServerLoad } from './$types';

// The simulator's hosted payment page. Off (404) unless the simulator is the enabled provider.
export const load: PageServerLoad = async ({ params }) => {
	const session = await simulatorOr404().session(params.sessionId);
	if (!session) error(404, 'Not found');
	return { session };
};

export const actions: Actions = {
	approve: simulatorDecisionAction('AUTHORIZED'),
	cancel: simulatorDecisionAction('ABORTED')
};
