import { error } from '@sveltejs/kit';
import { z } from 'zod';
import { services } from '$lib/server/app';
import { unlessDenied } from '$lib/server/identity/roles';
import { dismissMissAction } from '$lib/server/web/assistant';
import type { Actions, PageServerLoad } from './$types';

// What visitors asked the assistant and did not get: admins only (the hook has sent visitors to
// sign in; anyone else learns nothing, not even that the page exists). Filters are a GET form.
const Filter = z.object({
	locale: z.enum(['no', 'en']).optional().catch(undefined),
	reason: z.enum(['not_found', 'unhelpful']).optional().catch(undefined)
});

export const load: PageServerLoad = async (event) => {
	const { url } = event;
	const filter = Filter.parse({
		locale: url.searchParams.get('locale') || undefined,
		reason: url.searchParams.get('reason') || undefined
	});
	const feedback = services().assistantFeedback;
	const ctx = event.locals.caller;
	const seen = await unlessDenied(
		Promise.all([feedback.summary(ctx), feedback.misses(ctx, filter)])
	);
	if (!seen) error(404, 'Not found');
	const [summary, misses] = seen;
	return { summary, misses, filter };
};

export const actions: Actions = { dismiss: dismissMissAction };
