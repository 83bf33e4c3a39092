import { services } from '$lib/server/app';
import { askAction, rateAction } from '$lib/server/web/assistant';
import type { Actions, PageServerLoad } from './$types';

// The assistant without JavaScript: a plain form that posts the question and shows the answer,
// and the answer's rating buttons, which post here too. With JavaScript the layout's button opens
// the dialog instead, which asks the API routes.
// Nothing to load; without a server load SvelteKit answered the page's own data request (after an
// enhanced post) with the page's HTML instead of its data.
export const load: PageServerLoad = () => ({
	keptDays: services().assistantFeedback.retentionDays
});

export const actions: Actions = { ask: askAction, rate: rateAction };
