import { error, fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import {
	decideFromForm,
	doneOf,
	revealFromForm,
	type DecisionName
} from '$lib/server/expenses/decisions';
import { osloDate } from '$lib/server/expenses/input';
import { claimPageTexts, doneMessage, refusalMessage } from '$lib/server/expenses/words';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

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

const refused = (status: number, code: string, action: string) =>
	fail(status, { code, action, text: refusalMessage(code) });

const decision = (action: DecisionName) => async (event: RequestEvent) => {
	const body = await event.request.formData().catch(() => new FormData());
	const result = await decideFromForm(
		services().expenses,
		event.locals.caller,
		event.params.id,
		action,
		body
	);
	if (!result.ok) return refused(result.status, result.code, action);
	redirect(303, `${localizePath(`/fs/${event.params.id}`, event.locals.locale)}?done=${action}`);
};

export const actions: Actions = {
	submit: decision('submit'),
	withdraw: decision('withdraw'),
	approve: decision('approve'),
	reject: decision('reject'),
	pay: decision('pay'),
	// The full account is shown once, in the answer; the service writes the look to the trail.
	reveal: async (event) => {
		const result = await revealFromForm(services().expenses, event.locals.caller, event.params.id);
		if (!result.ok) return refused(result.status, result.code, 'reveal');
		return { revealed: result.account };
	}
};
