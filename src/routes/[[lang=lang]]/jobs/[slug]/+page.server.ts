import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { movedPermanently } from '$lib/server/http/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const { content } = services();
	const found = await content.job(locals.locale, params.slug);
	if (!found) {
		movedPermanently(await content.movedTo('jobs', params.slug), locals.locale, setHeaders);
		error(404, 'Not found');
	}
	return found;
};
