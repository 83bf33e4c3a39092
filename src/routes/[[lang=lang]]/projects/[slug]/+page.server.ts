import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { movedPermanently } from '$lib/server/web/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const { content } = services();
	const project = await content.project(locals.locale, params.slug);
	if (!project) {
		movedPermanently(await content.movedTo('projects', params.slug), locals.locale, setHeaders);
		error(404, 'Not found');
	}
	return { project };
};
