import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { doneOf } from '$lib/server/expenses/decisions';
import { osloDate } from '$lib/server/expenses/input';
import { claimPageTexts, doneMessage } from '$lib/server/expenses/words';
import { decisionAction, revealAction } from '$lib/server/web/claim-decisions';
import type { Actions, PageServerLoad } from './$types';

// One claim for whoever may see it; anyone else's id answers the same 404 as an unknown one.

export const load: PageServerLoad = async (event) => {
	const claim = await services().expenses.detail(event.locals.caller, event.params.id);
	if (!claim) error(404, 'Not found');
	const done = doneOf(event.url);
	const step = done && [...claim.trail].reverse().find((entry) => entry.action === done);
	return {
		claim,
		texts: claimPageTexts(claim, event.locals.locale),
		done: done && doneMessage(done, step ? step.details : undefined),
		today: osloDate(new Date())
	};
};

export const actions: Actions = {
	submit: decisionAction('submit'),
	withdraw: decisionAction('withdraw'),
	approve: decisionAction('approve'),
	reject: decisionAction('reject'),
	pay: decisionAction('pay'),
	reveal: revealAction
};
