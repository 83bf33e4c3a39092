import { fail } from '@sveltejs/kit';
import { AssistantRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { clientOf } from '$lib/server/http/guard';
import type { Actions, PageServerLoad } from './$types';

// The assistant without JavaScript: a plain form that posts the question and shows the answer.
// With JavaScript the layout's button opens the dialog instead, which asks the API route.
// Nothing to load; without a server load SvelteKit answered the page's own data request (after an
// enhanced post) with the page's HTML instead of its data.
export const load: PageServerLoad = () => ({});

export const actions: Actions = {
	ask: async (event) => {
		const data = await event.request.formData();
		const message = String(data.get('message') ?? '');
		const parsed = AssistantRequest.pick({ message: true }).safeParse({ message });
		if (!parsed.success) return fail(400, { message, problem: 'empty' as const });
		const { assistant, rateLimit } = services();
		const decision = await rateLimit('assistant', clientOf(event));
		if (!decision.allowed) return fail(429, { message, problem: 'too_many' as const });
		const answer = await assistant.answer({
			message: parsed.data.message,
			locale: event.locals.locale
		});
		return { message: parsed.data.message, answer };
	}
};
