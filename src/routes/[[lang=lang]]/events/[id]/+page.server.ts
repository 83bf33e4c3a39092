import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { movedPermanently } from '$lib/server/http/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const found = await services().content.event(locals.locale, params.id);
	if (!found) error(404, 'Not found');
	// Asked for by the other language's address: to this language's own.
	const own = found.event.slugs[locals.locale];
	if (own !== params.id) movedPermanently(`/events/${own}`, locals.locale, setHeaders);
	return found;
};
