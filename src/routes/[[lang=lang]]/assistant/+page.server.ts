import { fail } from '@sveltejs/kit';
import { AssistantFeedbackRequest, AssistantRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { clientOf } from '$lib/server/web/guard';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// The assistant without JavaScript: a plain form that posts the question and shows the answer,
// and the answer's rating buttons, which post here too. With JavaScript the layout's button opens
// the dialog instead, which asks the API routes.
// Nothing to load; without a server load SvelteKit answered the page's own data request (after an
// enhanced post) with the page's HTML instead of its data.
export const load: PageServerLoad = () => ({
	keptDays: services().assistantFeedback.retentionDays
});

async function allowed(event: RequestEvent) {
	const { rateLimit } = services();
	return (await rateLimit('assistant', clientOf(event))).allowed;
}

export const actions: Actions = {
	ask: async (event) => {
		const data = await event.request.formData();
		const message = String(data.get('message') ?? '');
		const parsed = AssistantRequest.pick({ message: true }).safeParse({ message });
		if (!parsed.success) return fail(400, { message, problem: 'empty' as const });
		if (!(await allowed(event))) return fail(429, { message, problem: 'too_many' as const });
		const answer = await services().assistant.answer({
			message: parsed.data.message,
			locale: event.locals.locale
		});
		return { message: parsed.data.message, answer };
	},
	rate: async (event) => {
		const data = Object.fromEntries(await event.request.formData());
		const parsed = AssistantFeedbackRequest.safeParse(data);
		const message = typeof data.message === 'string' ? data.message : '';
		if (!parsed.success) return fail(400, { message, problem: 'rate_failed' as const });
		if (!(await allowed(event))) return fail(429, { message, problem: 'too_many' as const });
		await services().assistantFeedback.rate({
			id: parsed.data.answerId,
			locale: event.locals.locale,
			question: parsed.data.message,
			by: parsed.data.by,
			rating: parsed.data.rating
		});
		return { message: parsed.data.message, rated: parsed.data.rating };
	}
};
